import { addDays, today } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { type ConsoleDay, consoleTrends as trendsOf } from '../../db/queries/console-trends';
import type { OperatorRole } from '../../db/schema';
import type { SessionOperator } from './operator-sessions';

/** Days the overview's charts cover, today included. */
export const TREND_DAYS = 30;

/** Which charts each role's overview shows (SUPERADMIN: all). */
const CHARTS_OF: Record<OperatorRole, { orders: boolean; members: boolean; money: boolean }> = {
  SUPERADMIN: { orders: true, members: true, money: true },
  KEUANGAN: { orders: true, members: false, money: true },
  GUDANG: { orders: true, members: false, money: false },
  CS: { orders: true, members: true, money: false },
  KONTEN: { orders: true, members: true, money: false },
};

export interface ConsoleTrends {
  from: string;
  to: string;
  days: ConsoleDay[];
  charts: { orders: boolean; members: boolean; money: boolean };
}

/**
 * The console overview's charts for the signed-in operator: the last 30 days (Asia/Jakarta) of
 * paid orders and revenue, new members, bonuses and completed payouts, the charts the role needs.
 */
export async function consoleTrends(operator: SessionOperator, now: Date = new Date()): Promise<ConsoleTrends> {
  const to = today(now);
  const from = addDays(to, -(TREND_DAYS - 1));
  const charts = CHARTS_OF[operator.role];
  return { from, to, days: await trendsOf(await getDb(), from, to), charts };
}
