import { type ClosingEvent, isPackageEvent, recruitOf } from './closing-event';
import type { BonusEarning } from './earnings';
import type { BonusPlan } from './plan';

/**
 * SPONSOR (COMP_PLAN.md): the sponsor of a member who registers or upgrades earns the plan's
 * amount per BV of that order. Repeat orders pay RO instead; nobody earns at the top of the network.
 */
export function sponsorBonuses(events: readonly ClosingEvent[], plan: BonusPlan): BonusEarning[] {
  return events.filter(isPackageEvent).map((event) => ({
    memberId: event.subject.sponsor_id,
    type: 'SPONSOR',
    amount: event.total_bv * plan.sponsorPerBv,
    detail: { sponsor_detail_rekrutan: recruitOf(event), bv: event.total_bv, jenis_order: event.jenis_order, no_order: event.no_order },
  }));
}
