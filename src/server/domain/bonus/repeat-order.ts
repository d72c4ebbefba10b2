import type { ClosingEvent } from './closing-event';
import type { BonusEarning } from './earnings';
import type { BonusPlan } from './plan';

const repeatOrders = (events: readonly ClosingEvent[]) => events.filter((e) => e.jenis_order === 'ro');

/**
 * RO (COMP_PLAN.md): the sponsor of a member who places a repeat order earns per BV at the rate of
 * the buyer's rank when the order was paid (rank at the event, not the rank when the day closes).
 */
export function repeatOrderBonuses(events: readonly ClosingEvent[], plan: BonusPlan): BonusEarning[] {
  return repeatOrders(events).map((event) => {
    const { subject } = event;
    const posisi = event.posisi_pembeli ?? subject.posisi;
    const nominal = event.total_bv * plan.roPerBv[posisi];
    return {
      memberId: subject.sponsor_id,
      type: 'RO',
      amount: nominal,
      detail: {
        sponsored_member: { posisi, id_member: subject.id_member, nama: subject.nama },
        nominal_ro: nominal,
        bv: event.total_bv,
        no_order: event.no_order,
      },
    };
  });
}

/** RO-SPONSOR (COMP_PLAN.md): the sponsor's sponsor earns a flat amount per BV of the same repeat order. */
export function repeatOrderSponsorBonuses(events: readonly ClosingEvent[], plan: BonusPlan): BonusEarning[] {
  return repeatOrders(events).map((event) => ({
    memberId: event.subject.grand_sponsor_id,
    type: 'RO-SPONSOR',
    amount: event.total_bv * plan.roSponsorPerBv,
    detail: {
      sponsored_member: { id_member: event.subject.id_member, nama: event.subject.nama },
      bv: event.total_bv,
      no_order: event.no_order,
    },
  }));
}

/** A repeat-order buyer whose orders of the day keep them active: the latest day paid and how many orders. */
export interface RepeatOrderActivity {
  hari: string;
  orders: number;
}

/**
 * Which buyers' pairing clocks the day's repeat orders move (COMP_PLAN.md, Volume): each order of
 * at least `roActiveMinBv` BV counts (a 0-BV purchase never does); the store moves the clock to
 * max(current, latest day) + orders × pairingDaysPerRo.
 */
export function repeatOrderActivity(events: readonly ClosingEvent[], plan: BonusPlan): Map<number, RepeatOrderActivity> {
  const buyers = new Map<number, RepeatOrderActivity>();
  for (const event of repeatOrders(events)) {
    if (event.total_bv < plan.roActiveMinBv) continue;
    const seen = buyers.get(event.subject.id);
    buyers.set(event.subject.id, {
      hari: seen && seen.hari > event.hari_bayar ? seen.hari : event.hari_bayar,
      orders: (seen?.orders ?? 0) + 1,
    });
  }
  return buyers;
}
