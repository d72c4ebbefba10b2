import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { countLowStock } from '../stock/list-stock';

export interface ConsoleOverview {
  paidToday: number; revenueToday: number;
  ordersByStatus: { status: string; count: number }[];
  payoutsWaiting: number; returnsWaiting: number; lowStock: number;
}

/** The console's first page: today (Asia/Jakarta) and what is waiting for someone. */
export async function consoleOverview(): Promise<ConsoleOverview> {
  const db = await getDb();
  const [today] = await selectRows<{ paid: number; revenue: string }>(db, sql`
    select count(*)::int as paid, coalesce(sum(total_bayar), 0)::text as revenue from orders
    where paid_at >= (date_trunc('day', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta')`);
  const ordersByStatus = await selectRows<{ status: string; count: number }>(db, sql`
    select status_order as status, count(*)::int as count from orders
    where status_order not in ('PENDING', 'DONE', 'CANCEL', 'EXPIRED', 'RETUR') group by status_order order by status_order`);
  const [waiting] = await selectRows<{ payouts: number; returns: number }>(db, sql`
    select (select count(*)::int from payouts where status in ('queued', 'processed')) as payouts,
           (select count(*)::int from retur_jual where status not in ('DONE', 'REJECTED')) as returns`);
  return {
    paidToday: today?.paid ?? 0, revenueToday: Number(today?.revenue ?? 0), ordersByStatus,
    payoutsWaiting: waiting?.payouts ?? 0, returnsWaiting: waiting?.returns ?? 0, lowStock: await countLowStock(),
  };
}
