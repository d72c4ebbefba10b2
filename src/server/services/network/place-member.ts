import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { ancestorPaths } from '../../domain/network-path';
import type { Rank } from '../../../lib/rank';

export interface Placement {
  uplineId: number;
  sisi: 'L' | 'R';
  path: string;
  depth: number;
}

/** The counters of every ancestor of `path` that gain (or lose, with -1) one member of `rank`. */
export async function countInAncestors(tx: Tx, path: string, rank: Rank, delta: 1 | -1, sizeToo: boolean): Promise<void> {
  const ancestors = ancestorPaths(path);
  if (ancestors.length === 0) return;
  const side = sql`substr(${path}, length(members.path) + 1, 1)`;
  const r = rank.toLowerCase();
  await tx.execute(sql`
    update members set
      ${sizeToo ? sql`jumlah_child_kiri = jumlah_child_kiri + case when ${side} = '0' then ${delta}::int else 0 end,
      jumlah_child_kanan = jumlah_child_kanan + case when ${side} = '1' then ${delta}::int else 0 end,` : sql``}
      ${sql.raw(`jumlah_${r}_kiri`)} = ${sql.raw(`jumlah_${r}_kiri`)} + case when ${side} = '0' then ${delta}::int else 0 end,
      ${sql.raw(`jumlah_${r}_kanan`)} = ${sql.raw(`jumlah_${r}_kanan`)} + case when ${side} = '1' then ${delta}::int else 0 end
    where path in (${sql.join(ancestors.map((p) => sql`${p}`), sql`, `)})`);
}

/**
 * Finds the slot for a new member on `sisi` of the sponsor at the OUTER edge of that leg
 * (left-most for L, right-most for R: spec/001 via issue 6). Placements are serialised by a
 * transaction-scoped advisory lock, so two registrations never take the same slot.
 */
export async function findOuterSlot(tx: Tx, sponsorId: number, sisi: 'L' | 'R'): Promise<Placement> {
  await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
  const [sponsor] = await selectRows<{ path: string }>(tx, sql`select path from members where id = ${sponsorId}`);
  if (!sponsor) throw new AppError('NOT_FOUND', 'Sponsor tidak ditemukan');
  const digit = sisi === 'L' ? '0' : '1';
  let edge = sponsor.path;
  // Walk the edge in batches of 64 exact path lookups until a batch ends short of its length.
  for (;;) {
    const candidates = Array.from({ length: 64 }, (_, i) => edge + digit.repeat(i + 1));
    const found = await selectRows<{ path: string }>(tx, sql`
      select path from members where path in (${sql.join(candidates.map((p) => sql`${p}`), sql`, `)}) order by length(path) desc limit 1`);
    if (!found[0]) break;
    edge = found[0].path;
    if (found[0].path.length < candidates[63]!.length) break;
  }
  const [upline] = await selectRows<{ id: number; depth: number }>(tx, sql`select id::int as id, depth from members where path = ${edge}`);
  return { uplineId: upline!.id, sisi, path: edge + digit, depth: upline!.depth + 1 };
}

/** Counts a newly inserted member (already at `path`) in every ancestor's side and rank counters. */
export async function countNewMember(tx: Tx, path: string, rank: Rank): Promise<void> {
  await countInAncestors(tx, path, rank, 1, true);
}

/** Moves a member from one rank to another in every ancestor's rank counters (an upgrade). */
export async function countRankChange(tx: Tx, path: string, from: Rank, to: Rank): Promise<void> {
  if (from === to) return;
  await countInAncestors(tx, path, from, -1, false);
  await countInAncestors(tx, path, to, 1, false);
}

export interface NewMember {
  sponsorId: number;
  sisi: 'L' | 'R';
  username: string;
  nama: string;
  email: string;
  phone: string;
  posisi: Rank;
  passwordHash: string;
  tglJoin: string;
  profile?: Record<string, string | null>;
}

/**
 * Creates a member in the network inside the caller's transaction (the PAID registration):
 * outer-edge slot on the chosen side of the sponsor, ID Member from the id sequence, counters
 * of every ancestor updated. Returns the new member's id, ID Member and path.
 */
export async function addMemberToNetwork(tx: Tx, member: NewMember): Promise<{ id: number; idMember: string; path: string }> {
  const slot = await findOuterSlot(tx, member.sponsorId, member.sisi);
  const [row] = await selectRows<{ id: number; id_member: string }>(tx, sql`
    with next as (select nextval(pg_get_serial_sequence('members', 'id')) as id)
    insert into members (id, id_member, username, password_hash, nama, email, phone, posisi, sponsor_id, upline_id, sisi,
      path, depth, tgl_join, kode_referal, status_kodeetik)
    select next.id, (1000000000 + next.id)::text, ${member.username}, ${member.passwordHash}, ${member.nama}, ${member.email},
      ${member.phone}, ${member.posisi}, ${member.sponsorId}, ${slot.uplineId}, ${slot.sisi}, ${slot.path}, ${slot.depth},
      ${member.tglJoin}::date, upper(${member.username}), false
    from next
    returning id::int as id, id_member`);
  await countNewMember(tx, slot.path, member.posisi);
  return { id: row!.id, idMember: row!.id_member, path: slot.path };
}
