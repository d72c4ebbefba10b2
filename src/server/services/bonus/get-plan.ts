import { type BonusPlan, defaultPlan } from '../../domain/bonus/plan';
import { getSetting } from '../settings';

/** The plan in force: the defaults with the operator's overrides from the settings table. */
export async function getPlan(): Promise<BonusPlan> {
  const overrides = (await getSetting('bonus_plan')) as Partial<BonusPlan>;
  return { ...defaultPlan, ...overrides };
}
