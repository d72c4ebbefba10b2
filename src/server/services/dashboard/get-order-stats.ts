import { getDb } from '../../db/client';
import { memberOrderStats, type OrderMonth } from '../../db/queries/dashboard';
import type { SessionMember } from '../auth/session-member';

/** One month of the dashboard charts: orders by type and the bonus of that month (rupiah as a decimal string). */
export interface MonthStat extends OrderMonth {
  bonus: string;
}

/**
 * Dashboard: counts of the member's invoiced registration, upgrade and repeat orders, orders per
 * month by type and bonus per month (last 6 months, Jakarta time), in one query.
 */
export async function getOrderStats(member: SessionMember) {
  const stats = await memberOrderStats(await getDb(), member.id);
  return {
    orders: { totalorderregistrasi: stats.reg, totalorderupgrade: stats.upg, totalrepeatorder: stats.ro },
    perMonth: stats.months,
    bonusPerMonth: stats.bonus,
  };
}
