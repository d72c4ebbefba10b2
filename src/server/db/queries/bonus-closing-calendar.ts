import { sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import type { ClosingStatus } from '../../domain/closing-status';
import { type Db, selectPreparedOnce, selectRows } from '../client';
import { toCount, toRupiah } from '../money';
import { invoiced } from './order-status';

/** The last closed day, or undefined when nothing was ever closed. */
export async function lastClosedDay(db: Db): Promise<string | undefined> {
  const [row] = await selectRows<{ d: string | null }>(db, sql`select max(tanggal)::text as d from closed_days`);
  return row?.d ?? undefined;
}

/** The first closed day, or undefined when nothing was ever closed. */
export async function firstClosedDay(db: Db): Promise<string | undefined> {
  const [row] = await selectRows<{ d: string | null }>(db, sql`select min(tanggal)::text as d from closed_days`);
  return row?.d ?? undefined;
}

/** The first day on or before `tanggal` that is still open while a later one is closed, if any (a gap). */
export async function firstMissingBefore(db: Db, tanggal: string): Promise<string | undefined> {
  const [row] = await selectRows<{ d: string | null }>(
    db,
    sql`
    select min(g.d)::date::text as d
    from generate_series((select min(tanggal) from closed_days), ${tanggal}::date - 1, interval '1 day') g(d)
    where not exists (select 1 from closed_days c where c.tanggal = g.d::date)`,
  );
  return row?.d ?? undefined;
}

/** The first Jakarta day with a paid order. */
export async function firstPaidDay(db: Db): Promise<string | undefined> {
  const [row] = await selectRows<{ d: string | null }>(
    db,
    sql`
    select (min(paid_at) at time zone 'Asia/Jakarta')::date::text as d from orders where paid_at is not null`,
  );
  return row?.d ?? undefined;
}

/** The closed days between two dates with their totals. */
export async function closedDaysBetween(db: Db, first: string, last: string) {
  const rows = await selectRows<{
    tanggal: string;
    bonus_count: unknown;
    total_bruto: unknown;
    jumlah_order: unknown;
    total_bv: unknown;
    status: ClosingStatus;
  }>(
    db,
    sql`
    select tanggal::text as tanggal, bonus_count, total_bruto, jumlah_order, total_bv, status
    from closed_days where tanggal between ${first}::date and ${last}::date`,
  );
  return rows.map((r) => ({
    tanggal: r.tanggal,
    bonus_count: toCount(r.bonus_count),
    total_bruto: toRupiah(r.total_bruto),
    jumlah_order: toCount(r.jumlah_order),
    total_bv: toCount(r.total_bv),
    status: r.status,
  }));
}

/** How many finished days before `today` are open since the first closing (all of them up to today when nothing was closed). */
export async function openDaysBefore(db: Db, today: string): Promise<number> {
  const [row] = await selectRows<{ n: unknown }>(
    db,
    sql`
    select count(*) as n from generate_series(coalesce((select min(tanggal) from closed_days), ${today}::date), ${today}::date - 1, interval '1 day') g(d)
    where not exists (select 1 from closed_days c where c.tanggal = g.d::date)`,
  );
  return toCount(row?.n);
}

/**
 * The sold orders paid within [from, to] (Jakarta days) or counted by a closing within it, grouped
 * by payment day, counting day and whether the subject has no sponsor.
 */
export async function paidOrdersForReconciliation(db: Db, from: string, to: string) {
  const rows = await selectRows<{ hari: string; tanggal_bonus: string | null; tanpa_sponsor: boolean; n: unknown; bv: unknown }>(
    db,
    sql`
    select (o.paid_at at time zone 'Asia/Jakarta')::date::text as hari, o.tanggal_bonus::text as tanggal_bonus,
      (s.sponsor_id is null) as tanpa_sponsor, count(*) as n, coalesce(sum(o.total_bv), 0) as bv
    from orders o left join members s on s.id = coalesce(o.new_member_id, o.member_id)
    where o.paid_at is not null and ${invoiced(sql`o.status_order`)}
      and (o.tanggal_bonus between ${from}::date and ${to}::date
        or (o.paid_at >= (${from}::date)::timestamp at time zone 'Asia/Jakarta' and o.paid_at < (${to}::date + 1)::timestamp at time zone 'Asia/Jakarta'))
    group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    hari: r.hari,
    tanggal_bonus: r.tanggal_bonus,
    tanpa_sponsor: r.tanpa_sponsor,
    n: toCount(r.n),
    bv: toCount(r.bv),
  }));
}

/**
 * The BV in each day's SPONSOR and RO rows (reversals left out). A repeat-order row written before
 * its detail carried the BV counts its nominal over the rate of the rank in the detail (`roPerBv`).
 */
export async function bonusBvByDay(db: Db, from: string, to: string, roPerBv: Record<Rank, number>): Promise<Map<string, number>> {
  const posisi = sql.raw("e -> 'sponsored_member' ->> 'posisi'");
  const rate = sql`case ${posisi} when 'BRONZE' then ${roPerBv.BRONZE}::int when 'SILVER' then ${roPerBv.SILVER}::int else ${roPerBv.PLATINUM}::int end`;
  const rows = await selectRows<{ tanggal: string; bv: unknown }>(
    db,
    sql`
    select b.tanggal::text as tanggal, coalesce(sum(coalesce((e ->> 'bv')::int,
      (e ->> 'nominal_ro')::int / ${rate})), 0) as bv
    from bonuses b cross join lateral jsonb_array_elements(b.detail) e
    where b.jenis_bonus in ('SPONSOR', 'RO') and b.reverses_id is null and b.tanggal between ${from}::date and ${to}::date
    group by 1`,
  );
  return new Map(rows.map((r) => [r.tanggal, toCount(r.bv)]));
}

/** The refunded BV each closing between two dates took back. */
export async function refundedBvByDay(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const rows = await selectRows<{ tanggal: string; bv: unknown }>(
    db,
    sql`
    select tanggal_bonus::text as tanggal, sum(bv) as bv from order_refunds where tanggal_bonus between ${from}::date and ${to}::date group by 1`,
  );
  return new Map(rows.map((r) => [r.tanggal, toCount(r.bv)]));
}

/** One member's annual counters of the period starting `start`, and the ANNUAL award paid on its last day `end` (null when none). */
export async function annualPeriodCounters(db: Db, memberId: number, period: { start: string; end: string }) {
  const [row] = await selectPreparedOnce<{ kiri: unknown; kanan: unknown; pairs: unknown; dibayar: unknown }>(
    db,
    'annual_period_counters',
    () => sql`
    select coalesce(a.bv_kiri, 0) as kiri, coalesce(a.bv_kanan, 0) as kanan, coalesce(a.pair_bv, 0) as pairs, (
      select sum(bonus_bruto) from bonuses where member_id = ${sql.placeholder('memberId')} and jenis_bonus = 'ANNUAL' and tanggal = ${sql.placeholder('end')}::date) as dibayar
    from (select 1) one left join member_annual a on a.member_id = ${sql.placeholder('memberId')} and a.periode_mulai = ${sql.placeholder('start')}::date`,
    { memberId, start: period.start, end: period.end },
  );
  return {
    kiri: toCount(row?.kiri),
    kanan: toCount(row?.kanan),
    pairs: toCount(row?.pairs),
    dibayar: row?.dibayar === null || row?.dibayar === undefined ? null : toRupiah(row.dibayar),
  };
}
