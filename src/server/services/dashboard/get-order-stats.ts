import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import type { SessionMember } from '../auth/session-member';

/** One month of the dashboard charts: orders by type and the bonus of that month (rupiah as a decimal string). */
export interface MonthStat { bulan: string; n: number; reg: number; upg: number; ro: number; bonus: string }

/**
 * Dashboard: counts of the member's invoiced registration, upgrade and repeat orders, orders per
 * month by type and bonus per month (last 6 months, Jakarta time), in one query.
 */
export async function getOrderStats(member: SessionMember) {
  const db = await getDb();
  const invoiced = sql`status_order in (${sql.join(INVOICED_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
  const [row] = await selectRows<{ reg: number; upg: number; ro: number; months: string; bonus: string }>(db, sql`
    select count(*) filter (where jenis_order = 'reg' and ${invoiced})::int as reg, count(*) filter (where jenis_order = 'upg' and ${invoiced})::int as upg,
      count(*) filter (where jenis_order = 'ro' and ${invoiced})::int as ro,
      (select coalesce(json_agg(json_build_object('bulan', bulan, 'n', n, 'reg', r, 'upg', u, 'ro', o) order by bulan), '[]')::text from (
        select to_char(date_trunc('month', tgl_order at time zone 'Asia/Jakarta'), 'YYYY-MM') as bulan, count(*)::int as n,
          count(*) filter (where jenis_order = 'reg')::int as r, count(*) filter (where jenis_order = 'upg')::int as u,
          count(*) filter (where jenis_order = 'ro')::int as o
        from orders where member_id = ${member.id} and tgl_order >= date_trunc('month', now()) - interval '5 months'
        group by 1) m) as months,
      (select coalesce(json_agg(json_build_object('bulan', bulan, 'bonus', total::text) order by bulan), '[]')::text from (
        select to_char(tanggal, 'YYYY-MM') as bulan, sum(bonus_dibayar) as total
        from bonuses where member_id = ${member.id} and tanggal >= (date_trunc('month', now() at time zone 'Asia/Jakarta') - interval '5 months')::date
        group by 1) b) as bonus
    from orders where member_id = ${member.id}`);
  const months = JSON.parse(row?.months ?? '[]') as Omit<MonthStat, 'bonus'>[];
  const bonus = JSON.parse(row?.bonus ?? '[]') as { bulan: string; bonus: string }[];
  return {
    orders: { totalorderregistrasi: row?.reg ?? 0, totalorderupgrade: row?.upg ?? 0, totalrepeatorder: row?.ro ?? 0 },
    perMonth: months,
    bonusPerMonth: bonus,
  };
}
