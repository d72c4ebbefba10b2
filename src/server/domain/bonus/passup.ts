import { type ClosingEvent, isPackageEvent, recruitOf } from './closing-event';
import type { BonusEarning } from './earnings';
import type { BonusPlan } from './plan';

/**
 * PASSUP (COMP_PLAN.md): on the same registration or upgrade as SPONSOR, the sponsor's sponsor
 * (second generation) earns the plan's amount per BV.
 */
export function passupBonuses(events: readonly ClosingEvent[], plan: BonusPlan): BonusEarning[] {
  return events.filter(isPackageEvent).map((event) => ({
    memberId: event.subject.grand_sponsor_id,
    type: 'PASSUP',
    amount: event.total_bv * plan.passupPerBv,
    detail: { passup_detail_rekrutan: recruitOf(event), bv: event.total_bv, jenis_order: event.jenis_order, no_order: event.no_order },
  }));
}
