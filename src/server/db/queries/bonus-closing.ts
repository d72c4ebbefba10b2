import { sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import type { EventSubject } from '../../domain/bonus/closing-event';
import type { PairingCounters, PairingUpline } from '../../domain/bonus/pairing';
import type { RepeatOrderActivity } from '../../domain/bonus/repeat-order';
import type { ClosingStatus } from '../../domain/closing-status';
import { bulkInsert, sqlArray } from '../bulk-insert';
import { type Db, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { npwpInEffect } from './npwp-in-effect';
import { invoiced } from './order-status';

const idArray = (values: readonly number[]) => sqlArray(values, 'int8');
/** The first instant after a Jakarta day. */
const dayEnd = (tanggal: string) => sql`(${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'`;

/**
 * Serializes closings: one day at a time, whoever asks (the command, the scheduler, the console).
 * The closing's statements touch tens of thousands of rows once: compiling them (JIT) costs more
 * than running them, their sorts and hashes fit in memory, and parallel workers cost more to start
 * than the index lookups they would share.
 */
export async function lockClosing(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7310002)`);
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
}

export async function isDayClosed(db: Db | Tx, tanggal: string): Promise<boolean> {
  const [row] = await selectRows<{ n: unknown }>(db, sql`select count(*) as n from closed_days where tanggal = ${tanggal}::date`);
  return toCount(row?.n) > 0;
}

/** A paid order not yet counted, as the closing takes it in. */
export interface IntakeOrder {
  id: number;
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  total_bv: number;
  subject_id: number;
  posisi_order: Rank | null;
  posisi_pembeli: Rank | null;
  hari_bayar: string;
}

/**
 * Every paid order not yet counted whose payment settled by the end of the day — the day's own and
 * any that arrived after their day was closed — locked, oldest payment first, and marked counted on
 * this day (tanggal_bonus).
 */
export async function takeIntake(tx: Tx, tanggal: string): Promise<IntakeOrder[]> {
  const rows = await selectRows<IntakeOrder>(
    tx,
    sql`
    with taken as (
      update orders o set tanggal_bonus = ${tanggal}::date
      where o.tanggal_bonus is null and o.paid_at is not null
        and o.paid_at < ${dayEnd(tanggal)}
        and ${invoiced(sql`o.status_order`)}
      returning o.id, o.no_order, o.jenis_order, o.total_bv, o.new_member_id, o.member_id, o.posisi, o.posisi_pembeli, o.paid_at
    )
    select id::int as id, no_order, jenis_order, total_bv, coalesce(new_member_id, member_id)::int as subject_id,
      posisi as posisi_order, posisi_pembeli, (paid_at at time zone 'Asia/Jakarta')::date::text as hari_bayar
    from taken order by paid_at, id`,
  );
  return rows.map((r) => ({ ...r, id: toCount(r.id), total_bv: toCount(r.total_bv), subject_id: toCount(r.subject_id) }));
}

/**
 * The members the day's orders are about, with their sponsor and the sponsor's sponsor. The
 * sponsor's row is looked up by its key (a scalar subquery): as a join, at 10M members the planner
 * hashed the whole members table for it (a 4.7 GB scan, 4.5 of the busy day's 32 s; issue #24).
 */
export async function eventSubjects(tx: Tx, ids: readonly number[]): Promise<Map<number, EventSubject>> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = await selectRows<EventSubject>(
    tx,
    sql`
    select m.id::int as id, m.id_member, m.nama, m.posisi, m.path, m.sponsor_id::int as sponsor_id,
      (select s.sponsor_id from members s where s.id = m.sponsor_id)::int as grand_sponsor_id
    from members m
    where m.id = any(${idArray(unique)})`,
  );
  return new Map(
    rows.map((r) => {
      const subject = {
        ...r,
        id: toCount(r.id),
        sponsor_id: r.sponsor_id === null ? null : toCount(r.sponsor_id),
        grand_sponsor_id: r.grand_sponsor_id === null ? null : toCount(r.grand_sponsor_id),
      };
      return [subject.id, subject];
    }),
  );
}

/** New members start their pairing clock at join + `daysAtJoin` (a member already counted keeps theirs). */
export async function startPairingClocks(tx: Tx, memberIds: readonly number[], daysAtJoin: number): Promise<void> {
  await tx.execute(sql`
    insert into member_pairing (member_id, tanggal_expired)
    select m.id, m.tgl_join + ${daysAtJoin}::int from members m
    where m.id = any(${idArray(memberIds)})
    on conflict (member_id) do nothing`);
}

/**
 * Each repeat order moves the clock to max(current, order date) + `daysPerRo`: k orders of a day add
 * k × daysPerRo. The buyers' rows are found by their key (`= any`), not by hashing the whole table.
 */
export async function moveRepeatOrderClocks(tx: Tx, buyers: ReadonlyMap<number, RepeatOrderActivity>, daysPerRo: number): Promise<void> {
  if (buyers.size === 0) return;
  const ids = idArray([...buyers.keys()]);
  await tx.execute(sql`
    update member_pairing p set tanggal_expired = greatest(p.tanggal_expired, v.hari::date) + v.orders * ${daysPerRo}::int
    from unnest(${ids}, ${sqlArray(
      [...buyers.values()].map((b) => b.hari),
      'text',
    )}, ${sqlArray(
      [...buyers.values()].map((b) => b.orders),
      'int4',
    )}) as v(member_id, hari, orders)
    where p.member_id = v.member_id and p.member_id = any(${ids})`);
}

/**
 * The earner's rank in effect on a day (rank at the event): the last upgrade paid by the day's
 * end, else the rank before the first later upgrade, else the member's rank. An upgrade paid
 * after midnight never changes the day before.
 */
function rankOnDay(tanggal: string) {
  return sql`coalesce(
    (select u.posisi from orders u where u.member_id = m.id and u.jenis_order = 'upg' and u.paid_at < ${dayEnd(tanggal)}
       and ${invoiced(sql`u.status_order`)} order by u.paid_at desc limit 1),
    (select u.posisi_pembeli from orders u where u.member_id = m.id and u.jenis_order = 'upg' and u.paid_at >= ${dayEnd(tanggal)}
       and ${invoiced(sql`u.status_order`)} order by u.paid_at limit 1),
    m.posisi)`;
}

/**
 * The day's pairing volume, set-based (COMP_PLAN.md, Volume): every package event's BV joined to
 * each ancestor of its subject's path (a prefix of it, as the counters' rebuild does), on the side
 * the subject sits under that ancestor ('0' left, '1' right), summed per upline; each upline with
 * its current rank (`ranksOnDay` gives the rank on the day, for the uplines that pair) and its
 * pairing counters (null before its first closing). The uplines are a few percent of the network:
 * each is looked up by its path (the lateral `limit 1` keeps the planner from scanning the whole
 * members table to hash-join them).
 */
export async function pairingUplines(tx: Tx, events: readonly { path: string; bv: number }[]): Promise<PairingUpline[]> {
  if (events.length === 0) return [];
  await tx.execute(sql`create temp table if not exists closing_volume (path text collate "C", bv int8) on commit drop`);
  await tx.execute(sql`delete from closing_volume`);
  await bulkInsert(
    tx,
    'closing_volume',
    [
      { name: 'path', type: 'text' },
      { name: 'bv', type: 'int8' },
    ],
    events.map((e) => [e.path, e.bv]),
  );
  const rows = await selectRows<Omit<PairingUpline, 'volume'> & { kiri: unknown; kanan: unknown }>(
    tx,
    sql`
    with subjects as (select path, sum(bv) as bv from closing_volume group by path),
    volume as (
      select left(s.path, k) as upline,
        coalesce(sum(s.bv) filter (where substr(s.path, k + 1, 1) = '0'), 0) as kiri,
        coalesce(sum(s.bv) filter (where substr(s.path, k + 1, 1) <> '0'), 0) as kanan
      from subjects s, generate_series(0, length(s.path) - 1) as k
      group by 1
    )
    select m.id::int as id, m.path, m.posisi, m.tgl_join::text as tgl_join, p.sisa_bv_kiri, p.sisa_bv_kanan,
      p.hutang_bv_kiri, p.hutang_bv_kanan, p.tanggal_expired::text as tanggal_expired, v.kiri, v.kanan
    from volume v
      cross join lateral (select * from members m where m.path = v.upline limit 1) m
      left join lateral (select * from member_pairing p where p.member_id = m.id limit 1) p on true`,
  );
  const count = (v: unknown) => (v === null ? null : toCount(v));
  return rows.map(({ kiri, kanan, ...r }) => ({
    ...r,
    id: toCount(r.id),
    sisa_bv_kiri: count(r.sisa_bv_kiri),
    sisa_bv_kanan: count(r.sisa_bv_kanan),
    hutang_bv_kiri: count(r.hutang_bv_kiri),
    hutang_bv_kanan: count(r.hutang_bv_kanan),
    volume: { left: toCount(kiri), right: toCount(kanan) },
  }));
}

/**
 * The rank on the day of these members (rankOnDay). Asked only for the uplines that make pairs: at
 * 10M members a busy day has ~290,000 uplines with new volume and a few hundred that pair, and the
 * two order lookups per upline were a tenth of the closing (issue #24).
 */
export async function ranksOnDay(tx: Tx, tanggal: string, memberIds: readonly number[]): Promise<Map<number, Rank>> {
  if (memberIds.length === 0) return new Map();
  const rows = await selectRows<{ id: unknown; posisi: Rank }>(
    tx,
    sql`select m.id, ${rankOnDay(tanggal)} as posisi from members m where m.id = any(${idArray([...new Set(memberIds)])})`,
  );
  return new Map(rows.map((r) => [toCount(r.id), r.posisi]));
}

/** Stores the day's pairing: carried and owed BV replaced, the day's pairs and new volume added to the totals (one set-based upsert). */
export async function storePairingCounters(tx: Tx, counters: readonly PairingCounters[]): Promise<void> {
  if (counters.length === 0) return;
  const column = (pick: (c: PairingCounters) => unknown, type: string) => sqlArray(counters.map(pick), type);
  await tx.execute(sql`
    insert into member_pairing (member_id, sisa_bv_kiri, sisa_bv_kanan, tanggal_expired, jumlah_pair, jumlah_pair_bv, jumlah_bv_kiri, jumlah_bv_kanan, hutang_bv_kiri, hutang_bv_kanan)
    select member_id, kiri, kanan, expired, paid, paid, new_l, new_r, owed_l, owed_r
    from unnest(${column((c) => c.memberId, 'int8')}, ${column((c) => c.carryLeft, 'int4')}, ${column((c) => c.carryRight, 'int4')},
      ${column((c) => c.expiry, 'date')}, ${column((c) => c.paidPairs, 'int4')}, ${column((c) => c.newLeft, 'int4')},
      ${column((c) => c.newRight, 'int4')}, ${column((c) => c.owedLeft, 'int4')}, ${column((c) => c.owedRight, 'int4')})
      as u(member_id, kiri, kanan, expired, paid, new_l, new_r, owed_l, owed_r)
    on conflict (member_id) do update set sisa_bv_kiri = excluded.sisa_bv_kiri, sisa_bv_kanan = excluded.sisa_bv_kanan,
      hutang_bv_kiri = excluded.hutang_bv_kiri, hutang_bv_kanan = excluded.hutang_bv_kanan,
      jumlah_pair = member_pairing.jumlah_pair + excluded.jumlah_pair, jumlah_pair_bv = member_pairing.jumlah_pair_bv + excluded.jumlah_pair_bv,
      jumlah_bv_kiri = member_pairing.jumlah_bv_kiri + excluded.jumlah_bv_kiri, jumlah_bv_kanan = member_pairing.jumlah_bv_kanan + excluded.jumlah_bv_kanan`);
}

/** The pair-BV each member was paid within the annual period starting `periodStart` (the annual counter). */
export async function annualPairBv(tx: Tx, periodStart: string): Promise<{ memberId: number; pairBv: number }[]> {
  const rows = await selectRows<{ member_id: unknown; pairs: unknown }>(
    tx,
    sql`
    select member_id, pair_bv as pairs from member_annual where periode_mulai = ${periodStart}::date and pair_bv > 0`,
  );
  return rows.map((r) => ({ memberId: toCount(r.member_id), pairBv: toCount(r.pairs) }));
}

/** Whether each member had a verified NPWP (or NIK) in effect on the day: the withholding's tax status. */
export async function npwpOnDay(tx: Tx, memberIds: readonly number[], tanggal: string): Promise<Map<number, boolean>> {
  const unique = [...new Set(memberIds)];
  if (unique.length === 0) return new Map();
  const rows = await selectRows<{ id: unknown; has_npwp: boolean }>(
    tx,
    sql`
    select m.id, ${npwpInEffect(sql`m.id`, sql`${tanggal}::date`)} as has_npwp
    from members m where m.id = any(${idArray(unique)})`,
  );
  return new Map(rows.map((s) => [toCount(s.id), s.has_npwp]));
}

/** Each member's gross bonus from `periodStart` up to (not including) `tanggal`: the base of incremental withholding. */
export async function grossBefore(
  tx: Tx,
  memberIds: readonly number[],
  periodStart: string,
  tanggal: string,
): Promise<Map<number, number>> {
  const unique = [...new Set(memberIds)];
  if (unique.length === 0) return new Map();
  const rows = await selectRows<{ member_id: unknown; gross: unknown }>(
    tx,
    sql`
    select member_id, sum(bonus_bruto) as gross from bonuses
    where tanggal >= ${periodStart}::date and tanggal < ${tanggal}::date and member_id = any(${idArray(unique)})
    group by member_id`,
  );
  return new Map(rows.map((b) => [toCount(b.member_id), toRupiah(b.gross)]));
}

/** A bonus row to write: gross, withholding and net in whole rupiah; `reversesId` on a reversal. */
export interface NewBonusRow {
  memberId: number;
  tanggal: string;
  type: string;
  bruto: number;
  pph: number;
  net: number;
  detail: unknown[];
  reversesId?: number;
}

/** Writes bonus rows in one statement per batch. */
export async function insertBonusRows(tx: Tx, rows: readonly NewBonusRow[]): Promise<void> {
  const reversals = rows.some((r) => r.reversesId !== undefined);
  const columns = [
    { name: 'member_id', type: 'int8' },
    { name: 'tanggal', type: 'date' },
    { name: 'jenis_bonus', type: 'text' },
    { name: 'bonus_bruto', type: 'int8' },
    { name: 'pot_pph', type: 'int8' },
    { name: 'bonus_dibayar', type: 'int8' },
    { name: 'detail', type: 'jsonb' },
    ...(reversals ? [{ name: 'reverses_id', type: 'int8' }] : []),
  ];
  await bulkInsert(
    tx,
    'bonuses',
    columns,
    rows.map((r) => {
      const row: unknown[] = [r.memberId, r.tanggal, r.type, r.bruto, r.pph, r.net, JSON.stringify(r.detail)];
      if (reversals) row.push(r.reversesId ?? null);
      return row;
    }),
  );
}

/** Records the day as closed with its totals: a second closing of it changes nothing. A DRAFT's bonuses are not payable until approved. */
export async function recordClosedDay(
  tx: Tx,
  day: {
    tanggal: string;
    bonusCount: number;
    totalBruto: number;
    jumlahOrder: number;
    totalBv: number;
    status: ClosingStatus;
    dibuatOleh: number | null;
  },
): Promise<void> {
  const approved = day.status === 'APPROVED';
  await tx.execute(sql`insert into closed_days (tanggal, bonus_count, total_bruto, jumlah_order, total_bv, status, dibuat_oleh, disetujui_nama, disetujui_at)
    values (${day.tanggal}::date, ${day.bonusCount}, ${day.totalBruto}, ${day.jumlahOrder}, ${day.totalBv}, ${day.status}, ${day.dibuatOleh},
      ${approved ? 'Sistem (riwayat demo)' : null}, ${approved ? sql`now()` : null})`);
}
