import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';

/** One calendar day (Asia/Jakarta) of the console's overview charts. */
export interface ConsoleDay {
  day: string;
  /** Orders paid that day (paid_at), and what they paid in rupiah. */
  paidOrders: number;
  revenue: number;
  /** Members who joined that day (tgl_join). */
  newMembers: number;
  /** Bonuses of that closing day (bruto, reversals included). */
  bonuses: number;
  /** Payouts completed that day (completed_at), and the rupiah transferred. */
  payouts: number;
  paidOut: number;
}

/**
 * Per day from `from` to `to` (calendar days, Asia/Jakarta, both included), every day present
 * (zeros where nothing happened): paid orders and revenue, new members, bonuses, completed payouts.
 */
export async function consoleTrends(db: Db | Tx, from: string, to: string): Promise<ConsoleDay[]> {
  const rows = await selectRows<{
    day: string;
    paid: unknown;
    revenue: unknown;
    joined: unknown;
    bonus: unknown;
    payouts: unknown;
    paid_out: unknown;
  }>(
    db,
    sql`
    with days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as d),
    o as (select (paid_at at time zone 'Asia/Jakarta')::date as day, count(*) as paid, sum(total_bayar) as revenue from orders
          where paid_at >= (${from}::date::timestamp at time zone 'Asia/Jakarta') and paid_at < ((${to}::date + 1)::timestamp at time zone 'Asia/Jakarta') group by 1),
    m as (select tgl_join as day, count(*) as joined from members where tgl_join between ${from}::date and ${to}::date group by 1),
    b as (select tanggal as day, sum(bonus_bruto) as bonus from bonuses where tanggal between ${from}::date and ${to}::date group by 1),
    p as (select (completed_at at time zone 'Asia/Jakarta')::date as day, count(*) as payouts, sum(nominal) as paid_out from payouts
          where status = 'completed' and completed_at >= (${from}::date::timestamp at time zone 'Asia/Jakarta') and completed_at < ((${to}::date + 1)::timestamp at time zone 'Asia/Jakarta') group by 1)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(o.paid, 0) as paid, coalesce(o.revenue, 0) as revenue, coalesce(m.joined, 0) as joined,
           coalesce(b.bonus, 0) as bonus, coalesce(p.payouts, 0) as payouts, coalesce(p.paid_out, 0) as paid_out
    from days left join o on o.day = days.day left join m on m.day = days.day left join b on b.day = days.day left join p on p.day = days.day
    order by days.day`,
  );
  return rows.map((r) => ({
    day: r.day,
    paidOrders: toCount(r.paid),
    revenue: toRupiah(r.revenue),
    newMembers: toCount(r.joined),
    bonuses: toRupiah(r.bonus),
    payouts: toCount(r.payouts),
    paidOut: toRupiah(r.paid_out),
  }));
}
