import { getDb } from '../../db/client';
import { consoleCounts } from '../../db/queries/operators';
import { countLowStock } from '../stock/list-stock';

export interface ConsoleOverview {
  paidToday: number;
  revenueToday: number;
  ordersByStatus: { status: string; count: number }[];
  payoutsWaiting: number;
  returnsWaiting: number;
  lowStock: number;
}

/** The console's first page: today (Asia/Jakarta) and what is waiting for someone. */
export async function consoleOverview(): Promise<ConsoleOverview> {
  const counts = await consoleCounts(await getDb());
  return { ...counts, lowStock: await countLowStock() };
}
