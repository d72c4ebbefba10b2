import type { Tx } from '../../db/client';
import { addAnnualBv, addAnnualPairs, annualPeriodSetting, keepFirstUpgrade, paidPackageOrder } from '../../db/queries/annual-counters';
import { type AnnualPeriod, annualPeriodsUntil } from '../../domain/bonus/annual-period';
import { defaultSettings } from '../../domain/default-settings';
import { ancestorPaths } from '../../domain/network-path';

/** The set-based recount lives with the other annual-counter queries; re-exported for the seed, the bench and the tests. */
export { REBUILD_ANNUAL_COUNTERS, REBUILD_UPGRADE_DATES, rebuildAnnualCounters } from '../../db/queries/annual-counters';

/**
 * The annual period (from the settings) holding a Jakarta day, if the day is inside one. Read
 * through the caller's transaction: PGlite has one connection, which the transaction holds.
 */
export async function annualPeriodOf(tx: Tx, tanggal: string): Promise<AnnualPeriod | undefined> {
  const first = (await annualPeriodSetting(tx)) ?? defaultSettings.annual_pairing_period;
  return annualPeriodsUntil(first, tanggal).find((p) => p.start <= tanggal && tanggal <= p.end);
}

/**
 * Adds `bv` (negative for a refund) of a paid registration or upgrade to the annual counters of
 * every upline on the side the member sits, in the period of the order's payment; for an upgrade
 * also keeps the member's first upgrade date. Inside the payment's or the refund's transaction.
 */
export async function countAnnualBv(tx: Tx, orderId: number, bv?: number): Promise<void> {
  const o = await paidPackageOrder(tx, orderId);
  if (!o) return;
  if (o.jenis_order === 'upg' && bv === undefined) await keepFirstUpgrade(tx, o.subject_id, o.paid_at);
  const amount = bv ?? o.total_bv;
  const period = await annualPeriodOf(tx, o.hari);
  const ancestors = ancestorPaths(o.path);
  if (!period || amount === 0 || ancestors.length === 0) return;
  await addAnnualBv(tx, period.start, o.path, ancestors, amount);
}

/** Adds a closing's paid pairs (member id → pair-BV) to the annual counters of the day's period. In the closing's transaction. */
export async function countAnnualPairs(tx: Tx, tanggal: string, pairs: [number, number][]): Promise<void> {
  const period = await annualPeriodOf(tx, tanggal);
  const paid = pairs.filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  if (!period || paid.length === 0) return;
  await addAnnualPairs(tx, period.start, paid);
}
