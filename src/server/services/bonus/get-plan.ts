import { getDb } from '../../db/client';
import { approvedVersions } from '../../db/queries/setting-proposals';
import { type BonusPlan, defaultPlan } from '../../domain/bonus/plan';
import { valueOn } from '../../domain/setting-version';
import { getSetting } from '../settings';

/** The plan in force: the defaults with the operator's overrides from the settings table. */
export async function getPlan(): Promise<BonusPlan> {
  const overrides = (await getSetting('bonus_plan')) as Partial<BonusPlan>;
  return { ...defaultPlan, ...overrides };
}

/**
 * The plan in effect on a day (the closing of that day): the approved version of that day, so a
 * change approved today, or dated later, never reaches an earlier day's closing, and one whose day
 * has come counts even before the scheduler wrote it to the settings table.
 */
export async function getPlanOn(tanggal: string): Promise<BonusPlan> {
  const inEffect = valueOn(await approvedVersions(await getDb(), 'rencana'), 'bonus_plan', tanggal);
  if (inEffect === undefined) return getPlan();
  return { ...defaultPlan, ...(inEffect as Partial<BonusPlan>) };
}
