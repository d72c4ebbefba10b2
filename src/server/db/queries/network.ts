import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Rank } from '../../../lib/rank';
import { downlineRange } from '../../domain/network-path';
import { arrayLiteral } from '../bulk-insert';
import { type Db, selectPreparedOnce, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { members } from '../schema';
import { invoiced } from './order-status';

/**
 * The members strictly below the member at `path` (their downline, the member excluded), as one
 * contiguous range of the path index. The one home of the downline range (ADR 0012).
 */
export function inDownline(column: AnyPgColumn | SQL, path: string): SQL {
  const { low, high } = downlineRange(path);
  return sql`(${column} > ${low} and ${column} < ${high})`;
}

/** A member's place in the tree. */
export interface TreePosition {
  id: number;
  idMember: string;
  path: string;
  depth: number;
}

const positionColumns = { id: members.id, idMember: members.idMember, path: members.path, depth: members.depth };

export async function memberPosition(db: Db | Tx, memberId: number): Promise<TreePosition | undefined> {
  const [row] = await db.select(positionColumns).from(members).where(eq(members.id, memberId));
  return row;
}

/** A member by ID Member, only when inside the downline of the member at `rootPath`. */
export async function downlineMemberByIdMember(db: Db | Tx, rootPath: string, idMember: string): Promise<TreePosition | undefined> {
  const [row] = await db
    .select(positionColumns)
    .from(members)
    .where(and(eq(members.idMember, idMember), inDownline(members.path, rootPath)));
  return row;
}

/** Up to 10 members of the downline of `rootPath` whose lower-cased name starts with `term` (escaped for LIKE). */
export async function downlineByNamePrefix(db: Db | Tx, rootPath: string, term: string): Promise<{ id_member: string; nama: string }[]> {
  return selectRows<{ id_member: string; nama: string }>(
    db,
    sql`
    select id_member, nama from members
    where (lower(nama) collate "C") like ${`${term}%`} and ${inDownline(sql`path`, rootPath)}
    order by (lower(nama) collate "C"), id limit 10`,
  );
}

// ---- Downline report (spec/000 §2) ----

export interface DownlineFilter {
  posisi?: Rank;
  /** A LIKE pattern of the lower-cased name (`containsPattern`), served by the trigram index. */
  name?: string;
}

export interface DownlineReportRow {
  tgl_join: string;
  id_member: string;
  nama: string;
  sponsor_id_member: string | null;
  sponsor_nama: string | null;
  sponsored: boolean;
  upgrade_member: boolean;
  posisi: Rank;
}

function downlineWhere(path: string, filter: DownlineFilter): SQL {
  return sql`${inDownline(sql`m.path`, path)}
    ${filter.posisi ? sql`and m.posisi = ${filter.posisi}` : sql``}
    ${filter.name ? sql`and lower(m.nama) like ${filter.name}` : sql``}`;
}

/**
 * Where a page of the downline report starts (ADR 0018): after the row of a member (ID Member,
 * the next page), before one (the previous page), or a number of rows from the newest end or
 * from the oldest end. Every variant reads the index of the report's order (tgl_join, id, path).
 */
export type DownlineSlice =
  | { after: string; limit: number }
  | { before: string; limit: number }
  | { fromNewest: number; limit: number }
  | { fromOldest: number; limit: number }
  /** `skip` rows after a kept mark of the unfiltered order, oldest first (downline-anchors.ts). */
  | { fromAnchor: { tgl_join: string; member_id: number }; skip: number; limit: number };

/** One page of the downline of `path`, newest first, each row with its sponsor. */
export async function downlinePage(
  db: Db | Tx,
  viewerId: number,
  path: string,
  filter: DownlineFilter,
  slice: DownlineSlice,
): Promise<DownlineReportRow[]> {
  const newestFirst = 'after' in slice || 'fromNewest' in slice;
  let keyset = sql``;
  if ('after' in slice || 'before' in slice) {
    // The cursor's place in the order, read first so the comparison is a plain index condition.
    const [c] = await selectPreparedOnce<{ tgl_join: string; id: unknown }>(
      db,
      'downline_cursor',
      () => sql`select tgl_join::text as tgl_join, id from members where id_member = ${sql.placeholder('idMember')}`,
      { idMember: 'after' in slice ? slice.after : slice.before },
    );
    if (!c) return [];
    keyset = sql`and (m.tgl_join, m.id) ${sql.raw('after' in slice ? '<' : '>')} (${c.tgl_join}::date, ${String(c.id)}::bigint)`;
  }
  if ('fromAnchor' in slice)
    keyset = sql`and (m.tgl_join, m.id) >= (${slice.fromAnchor.tgl_join}::date, ${String(slice.fromAnchor.member_id)}::bigint)`;
  const skip = 'fromNewest' in slice ? slice.fromNewest : 'fromOldest' in slice ? slice.fromOldest : 'skip' in slice ? slice.skip : 0;
  const order = newestFirst ? sql`m.tgl_join desc, m.id desc` : sql`m.tgl_join, m.id`;
  // The page is cut first from the order's index (only its keys: skipped rows never touch the
  // table), then only its rows are read with their sponsor.
  return selectRows<DownlineReportRow>(
    db,
    sql`
    select m.tgl_join::text as tgl_join, m.id_member, m.nama, s.id_member as sponsor_id_member, s.nama as sponsor_nama,
      (m.sponsor_id = ${viewerId}) as sponsored, m.posisi,
      (m.tgl_upgrade is not null) as upgrade_member
    from (select m.id from members m where ${downlineWhere(path, filter)} ${keyset}
          order by ${order} offset ${skip} limit ${slice.limit}) k
      join members m on m.id = k.id
      left join members s on s.id = m.sponsor_id
    order by m.tgl_join desc, m.id desc`,
  );
}

/**
 * How many members of the downline of `path` match the filter, counting at most `cap` + 1 rows:
 * `capped` says there are more than `cap` (a name search of a million members counts no further).
 */
export async function downlineCountCapped(
  db: Db | Tx,
  path: string,
  filter: DownlineFilter,
  cap: number,
): Promise<{ n: number; capped: boolean }> {
  const [row] = await selectRows<{ n: unknown }>(
    db,
    sql`
    select count(*) as n from (select 1 from members m where ${downlineWhere(path, filter)} limit ${cap + 1}) x`,
  );
  const n = toCount(row?.n);
  return n > cap ? { n: cap, capped: true } : { n, capped: false };
}

/** The downline size of a member (of one rank when given) from the counters kept with each placement. */
export async function downlineCounterTotal(db: Db | Tx, memberId: number, posisi?: Rank): Promise<number> {
  const r = posisi?.toLowerCase();
  // Prepared, one statement per rank (the downline report's every view, issue #24).
  const [row] = await selectPreparedOnce<{ n: unknown }>(
    db,
    `downline_total_${r ?? 'all'}`,
    () =>
      sql`select (${
        r ? sql.raw(`jumlah_${r}_kiri + jumlah_${r}_kanan`) : sql.raw('jumlah_child_kiri + jumlah_child_kanan')
      }) as n from members where id = ${sql.placeholder('memberId')}`,
    { memberId },
  );
  return toCount(row?.n);
}

export interface DownlineCounters {
  kiri: number;
  kanan: number;
  jumlah_bronze_kiri: number;
  jumlah_bronze_kanan: number;
  jumlah_silver_kiri: number;
  jumlah_silver_kanan: number;
  jumlah_platinum_kiri: number;
  jumlah_platinum_kanan: number;
}

/** The side and rank counters of a member. */
export async function downlineCounters(db: Db | Tx, memberId: number): Promise<DownlineCounters | undefined> {
  const [row] = await db
    .select({
      kiri: members.jumlahChildKiri,
      kanan: members.jumlahChildKanan,
      jumlah_bronze_kiri: members.jumlahBronzeKiri,
      jumlah_bronze_kanan: members.jumlahBronzeKanan,
      jumlah_silver_kiri: members.jumlahSilverKiri,
      jumlah_silver_kanan: members.jumlahSilverKanan,
      jumlah_platinum_kiri: members.jumlahPlatinumKiri,
      jumlah_platinum_kanan: members.jumlahPlatinumKanan,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** How many members a sponsor recruited, per rank (ranks without any are absent). */
export async function sponsoredPerRank(db: Db | Tx, sponsorId: number): Promise<{ posisi: Rank; n: number }[]> {
  const rows = await db
    .select({ posisi: members.posisi, n: count() })
    .from(members)
    .where(eq(members.sponsorId, sponsorId))
    .groupBy(members.posisi);
  return rows.map((r) => ({ posisi: r.posisi, n: toCount(r.n) }));
}

// ---- Turnover (spec/000 §2, omset) ----

const paid = invoiced(sql`o.status_order`);

/** Invoices dated from `from` to `to` inclusive, in days of Asia/Jakarta. */
export interface DayRange {
  from: string;
  to: string;
}

// The omset report's three reads are prepared statements (its every view, issue #24): the member
// and the range are the placeholders memberId, from and to.
const inRange = sql`o.tgl_invoice >= (${sql.placeholder('from')}::date)::timestamp at time zone 'Asia/Jakarta'
  and o.tgl_invoice < ((${sql.placeholder('to')}::date + 1))::timestamp at time zone 'Asia/Jakarta'`;
const memberIdParam = sql.placeholder('memberId');

/** A member's own invoices in the range, newest first (at most 500). */
export async function personalInvoices(db: Db | Tx, memberId: number, range: DayRange) {
  const rows = await selectPreparedOnce<{
    tgl_invoice: string;
    no_invoice: string;
    nama: string;
    total_value: unknown;
    jenis_order: string;
    total_barang: unknown;
  }>(
    db,
    'personal_invoices',
    () => sql`
    select o.tgl_invoice::text as tgl_invoice, o.no_invoice, coalesce(n.nama, m.nama) as nama, o.total_bv as total_value,
      o.jenis_order, o.total_harga as total_barang
    from orders o join members m on m.id = o.member_id left join members n on n.id = o.new_member_id
    where o.member_id = ${memberIdParam} and ${paid} and ${inRange}
    order by o.tgl_invoice desc limit 500`,
    { memberId, ...range },
  );
  return rows.map((r) => ({ ...r, total_value: toCount(r.total_value), total_barang: toRupiah(r.total_barang) }));
}

/** The members a sponsor recruited (at most 500, newest first), with their upgrade and their turnover in the range. */
export async function sponsoredTurnover(db: Db | Tx, sponsorId: number, range: DayRange) {
  const rows = await selectPreparedOnce<{
    tgl_join: string;
    id_member: string;
    nama: string;
    upgrade_member: boolean;
    tglupgrade: string | null;
    sum_total_barang: unknown;
  }>(
    db,
    'sponsored_turnover',
    () => sql`
    select m.tgl_join::text as tgl_join, m.id_member, m.nama,
      (up.tgl is not null) as upgrade_member, up.tgl::text as tglupgrade,
      coalesce((select sum(o.total_harga) from orders o where o.member_id = m.id and ${paid} and ${inRange}), 0) as sum_total_barang
    from members m
    left join lateral (select min(o.tgl_invoice) as tgl from orders o where o.member_id = m.id and o.jenis_order = 'upg' and ${paid}) up on true
    where m.sponsor_id = ${memberIdParam}
    order by m.tgl_join desc, m.id desc limit 500`,
    { memberId: sponsorId, ...range },
  );
  return rows.map((r) => ({ ...r, sum_total_barang: toRupiah(r.sum_total_barang) }));
}

/** A member's invoiced turnover in the range per kind of order. */
export async function turnoverByKind(
  db: Db | Tx,
  memberId: number,
  range: DayRange,
): Promise<{ registrasi: number; upgrade: number; ro: number }> {
  const [row] = await selectPreparedOnce<{ registrasi: unknown; upgrade: unknown; ro: unknown }>(
    db,
    'turnover_by_kind',
    () => sql`
    select coalesce(sum(o.total_harga) filter (where o.jenis_order = 'reg'), 0) as registrasi,
      coalesce(sum(o.total_harga) filter (where o.jenis_order = 'upg'), 0) as upgrade,
      coalesce(sum(o.total_harga) filter (where o.jenis_order = 'ro'), 0) as ro
    from orders o where o.member_id = ${memberIdParam} and ${paid} and ${inRange}`,
    { memberId, ...range },
  );
  return { registrasi: toRupiah(row?.registrasi), upgrade: toRupiah(row?.upgrade), ro: toRupiah(row?.ro) };
}

// ---- Pairing card (COMP_PLAN.md) ----

/** The pairing card's columns, read from `members m left join member_pairing p on p.member_id = m.id`. */
export const PAIRING_COLUMNS = sql`m.jumlah_bronze_kiri, m.jumlah_bronze_kanan, m.jumlah_silver_kiri, m.jumlah_silver_kanan,
  m.jumlah_platinum_kiri, m.jumlah_platinum_kanan,
  coalesce(p.tanggal_expired, m.tgl_join + 60)::text as tanggal_expired, coalesce(p.jumlah_pair, 0) as jumlah_pair,
  coalesce(p.sisa_bv_kiri, 0) as sisa_bv_kiri, coalesce(p.sisa_bv_kanan, 0) as sisa_bv_kanan`;

export type PairingRow = Record<string, unknown> & { tanggal_expired: string };

export async function pairingRow(db: Db | Tx, memberId: number): Promise<PairingRow | undefined> {
  const [row] = await selectRows<PairingRow>(
    db,
    sql`
    select ${PAIRING_COLUMNS} from members m left join member_pairing p on p.member_id = m.id where m.id = ${memberId}`,
  );
  return row;
}

// ---- Tree (GET /member/reports/tree) ----

export interface TreeRow {
  id: number;
  id_member: string;
  username: string;
  nama: string;
  public_id: string;
  posisi: Rank;
  sisi: 'L' | 'R' | 'root';
  tgl_join: string;
  id_sponsor: string | null;
  nama_sponsor: string | null;
  id_upline: string | null;
  kode_referal: string;
  status_kodeetik: boolean;
  jumlah_child_kiri: number;
  jumlah_child_kanan: number;
  jumlah_pair: number;
  jumlah_pair_bv: number;
  sisa_bv_kiri: number;
  sisa_bv_kanan: number;
  path: string;
}

const nodeSelect = sql`
  select m.id::int as id, m.id_member, m.username, m.nama, m.public_id::text as public_id, m.posisi, m.sisi,
    m.tgl_join::text as tgl_join, s.id_member as id_sponsor, s.nama as nama_sponsor, u.id_member as id_upline,
    m.kode_referal, m.status_kodeetik, m.jumlah_child_kiri, m.jumlah_child_kanan, m.path,
    coalesce(p.jumlah_pair, 0) as jumlah_pair, coalesce(p.jumlah_pair_bv, 0) as jumlah_pair_bv,
    coalesce(p.sisa_bv_kiri, 0) as sisa_bv_kiri, coalesce(p.sisa_bv_kanan, 0) as sisa_bv_kanan
  from members m left join members s on s.id = m.sponsor_id left join members u on u.id = m.upline_id
    left join member_pairing p on p.member_id = m.id`;

/**
 * The tree nodes at exactly these paths (exact index lookups), in no particular order. Prepared
 * (the tree page and API, issue #24): one array parameter, so one statement for any number of paths.
 */
export async function treeNodesAt(db: Db | Tx, paths: string[], ordered = false): Promise<TreeRow[]> {
  if (paths.length === 0) return [];
  return selectPreparedOnce<TreeRow>(
    db,
    ordered ? 'tree_nodes_ordered' : 'tree_nodes',
    () => sql`${nodeSelect} where m.path = any(${sql.placeholder('paths')}::text[])${ordered ? sql` order by m.path` : sql``}`,
    { paths: arrayLiteral(paths) },
  );
}

// ---- Placement ----

/** Serialises placements for the rest of the transaction, so two registrations never take one slot. */
export async function lockPlacements(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
}

/** The longest of these paths held by a member, or undefined. */
export async function deepestTakenPath(tx: Db | Tx, candidates: string[]): Promise<string | undefined> {
  const [row] = await tx
    .select({ path: members.path })
    .from(members)
    .where(inArray(members.path, candidates))
    .orderBy(desc(sql`length(${members.path})`))
    .limit(1);
  return row?.path;
}

export async function memberAtPath(tx: Db | Tx, path: string): Promise<{ id: number; depth: number } | undefined> {
  const [row] = await tx.select({ id: members.id, depth: members.depth }).from(members).where(eq(members.path, path));
  return row;
}

export interface NetworkMemberRow {
  sponsorId: number;
  uplineId: number;
  sisi: 'L' | 'R';
  path: string;
  depth: number;
  username: string;
  nama: string;
  email: string;
  phone: string;
  posisi: Rank;
  passwordHash: string;
  tglJoin: string;
}

/** Inserts a member with the ID Member made from the next id of the sequence (1000000000 + id). */
export async function insertNetworkMember(tx: Tx, m: NetworkMemberRow): Promise<{ id: number; idMember: string }> {
  const [row] = await selectRows<{ id: number; id_member: string }>(
    tx,
    sql`
    with next as (select nextval(pg_get_serial_sequence('members', 'id')) as id)
    insert into members (id, id_member, username, password_hash, nama, email, phone, posisi, sponsor_id, upline_id, sisi,
      path, depth, tgl_join, kode_referal, status_kodeetik)
    select next.id, (1000000000 + next.id)::text, ${m.username}, ${m.passwordHash}, ${m.nama}, ${m.email},
      ${m.phone}, ${m.posisi}, ${m.sponsorId}, ${m.uplineId}, ${m.sisi}, ${m.path}, ${m.depth},
      ${m.tglJoin}::date, upper(${m.username}), false
    from next
    returning id::int as id, id_member`,
  );
  return { id: row!.id, idMember: row!.id_member };
}

/**
 * Adds `delta` members of `rank` to the counters of the members at `ancestors`, on the side of
 * each toward `path` (and to the side sizes too when `sizeToo`), in one set-based update.
 */
export async function addToAncestorCounters(
  tx: Tx,
  ancestors: string[],
  path: string,
  rank: Rank,
  delta: 1 | -1,
  sizeToo: boolean,
): Promise<void> {
  if (ancestors.length === 0) return;
  const side = sql`substr(${path}, length(members.path) + 1, 1)`;
  const r = rank.toLowerCase();
  await tx.execute(sql`
    update members set
      ${
        sizeToo
          ? sql`jumlah_child_kiri = jumlah_child_kiri + case when ${side} = '0' then ${delta}::int else 0 end,
      jumlah_child_kanan = jumlah_child_kanan + case when ${side} = '1' then ${delta}::int else 0 end,`
          : sql``
      }
      ${sql.raw(`jumlah_${r}_kiri`)} = ${sql.raw(`jumlah_${r}_kiri`)} + case when ${side} = '0' then ${delta}::int else 0 end,
      ${sql.raw(`jumlah_${r}_kanan`)} = ${sql.raw(`jumlah_${r}_kanan`)} + case when ${side} = '1' then ${delta}::int else 0 end
    where path in (${sql.join(
      ancestors.map((p) => sql`${p}`),
      sql`, `,
    )})`);
}
