import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import type { SessionMember } from '../auth/session-member';

/** Dashboard: counts of the member's invoiced registration, upgrade and repeat orders, and orders per month (last 6), in one query. */
export async function getOrderStats(member: SessionMember) {
  const db = await getDb();
  const invoiced = sql`status_order in (${sql.join(INVOICED_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
  const [row] = await selectRows<{ reg: number; upg: number; ro: number; months: string }>(db, sql`
    select count(*) filter (where jenis_order = 'reg' and ${invoiced})::int as reg, count(*) filter (where jenis_order = 'upg' and ${invoiced})::int as upg,
      count(*) filter (where jenis_order = 'ro' and ${invoiced})::int as ro,
      (select coalesce(json_agg(json_build_object('bulan', bulan, 'n', n) order by bulan), '[]')::text from (
        select to_char(date_trunc('month', tgl_order at time zone 'Asia/Jakarta'), 'YYYY-MM') as bulan, count(*)::int as n
        from orders where member_id = ${member.id} and tgl_order >= date_trunc('month', now()) - interval '5 months'
        group by 1) m) as months
    from orders where member_id = ${member.id}`);
  return {
    orders: { totalorderregistrasi: row?.reg ?? 0, totalorderupgrade: row?.upg ?? 0, totalrepeatorder: row?.ro ?? 0 },
    perMonth: JSON.parse(row?.months ?? '[]') as { bulan: string; n: number }[],
  };
}
