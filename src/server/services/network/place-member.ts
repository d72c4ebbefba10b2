import type { Rank } from '../../../lib/rank';
import type { Tx } from '../../db/client';
import { forgetAnchorsFrom } from '../../db/queries/downline-anchors';
import {
  addToAncestorCounters,
  deepestTakenPath,
  insertNetworkMember,
  lockPlacements,
  memberAtPath,
  memberPosition,
} from '../../db/queries/network';
import { ancestorPaths } from '../../domain/network-path';
import { AppError } from '../../errors';

export interface Placement {
  uplineId: number;
  sisi: 'L' | 'R';
  path: string;
  depth: number;
}

/**
 * The counters of every ancestor of `path` that gain (or lose, with -1) one member of `rank`.
 * `sizeToo`: the member at `path` joins (leaves) their downlines, so their report marks from its
 * key on are forgotten too (ADR 0018, "Anchors").
 */
export async function countInAncestors(tx: Tx, path: string, rank: Rank, delta: 1 | -1, sizeToo: boolean): Promise<void> {
  const ancestors = ancestorPaths(path);
  await addToAncestorCounters(tx, ancestors, path, rank, delta, sizeToo);
  if (sizeToo) await forgetAnchorsFrom(tx, ancestors, path);
}

/**
 * Finds the slot for a new member on `sisi` of the sponsor at the OUTER edge of that leg
 * (left-most for L, right-most for R: spec/001 via issue 6). Placements are serialised by a
 * transaction-scoped advisory lock, so two registrations never take the same slot.
 */
export async function findOuterSlot(tx: Tx, sponsorId: number, sisi: 'L' | 'R'): Promise<Placement> {
  await lockPlacements(tx);
  const sponsor = await memberPosition(tx, sponsorId);
  if (!sponsor) throw new AppError('NOT_FOUND', 'Sponsor tidak ditemukan');
  const digit = sisi === 'L' ? '0' : '1';
  let edge = sponsor.path;
  // Walk the edge in batches of 64 exact path lookups until a batch ends short of its length.
  for (;;) {
    const candidates = Array.from({ length: 64 }, (_, i) => edge + digit.repeat(i + 1));
    const found = await deepestTakenPath(tx, candidates);
    if (!found) break;
    edge = found;
    if (found.length < candidates[63]!.length) break;
  }
  const upline = await memberAtPath(tx, edge);
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
  const row = await insertNetworkMember(tx, {
    sponsorId: member.sponsorId,
    uplineId: slot.uplineId,
    sisi: slot.sisi,
    path: slot.path,
    depth: slot.depth,
    username: member.username,
    nama: member.nama,
    email: member.email,
    phone: member.phone,
    posisi: member.posisi,
    passwordHash: member.passwordHash,
    tglJoin: member.tglJoin,
  });
  await countNewMember(tx, slot.path, member.posisi);
  return { id: row.id, idMember: row.idMember, path: slot.path };
}
