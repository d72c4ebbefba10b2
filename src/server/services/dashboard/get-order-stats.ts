import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import type { SessionMember } from '../auth/session-member';

/** Dashboard: counts of the member's registration, upgrade and repeat orders, and orders per month (last 6). */
export async function getOrderStats(member: SessionMember) {
  const db = await getDb();
  const invoiced = sql.join(INVOICED_STATUSES.map((s) => sql`${s}`), sql`, `);
  const [[counts], months] = await Promise.all([
    selectRows<{ reg: number; upg: number; ro: number }>(db, sql`
      select count(*) filter (where jenis_order = 'reg')::int as reg, count(*) filter (where jenis_order = 'upg')::int as upg,
        count(*) filter (where jenis_order = 'ro')::int as ro
      from orders where member_id = ${member.id} and status_order in (${invoiced})`),
    selectRows<{ bulan: string; n: number }>(db, sql`
      select to_char(date_trunc('month', tgl_order at time zone 'Asia/Jakarta'), 'YYYY-MM') as bulan, count(*)::int as n
      from orders where member_id = ${member.id} and tgl_order >= date_trunc('month', now()) - interval '5 months'
      group by 1 order by 1`),
  ]);
  return {
    orders: { totalorderregistrasi: counts?.reg ?? 0, totalorderupgrade: counts?.upg ?? 0, totalrepeatorder: counts?.ro ?? 0 },
    perMonth: months,
  };
}
