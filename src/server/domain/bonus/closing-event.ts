import type { Rank } from '../../../lib/rank';

/** The member an order is about (the new member of a registration, else the buyer), as the closing loaded it. */
export interface EventSubject {
  id: number;
  id_member: string;
  nama: string;
  /** The member's rank when the day closes. */
  posisi: Rank;
  path: string;
  /** The subject's sponsor (first generation), null at the top of the network. */
  sponsor_id: number | null;
  /** The sponsor's sponsor (second generation), null when there is none. */
  grand_sponsor_id: number | null;
}

/** A paid order the day's closing counts (BV above zero), with the facts the rules need. */
export interface ClosingEvent {
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  total_bv: number;
  /** The order's target rank (reg: the new member's, upg: the new one). */
  posisi_order: Rank | null;
  /** The buyer's rank when the order was paid (rank at the event). */
  posisi_pembeli: Rank | null;
  /** The Jakarta day the payment really settled (earlier than the closing's day when it came late). */
  hari_bayar: string;
  subject: EventSubject;
}

/** Registrations and upgrades: the events that pay SPONSOR and PASSUP and move pairing volume. */
export const isPackageEvent = (event: ClosingEvent) => event.jenis_order !== 'ro';

/** The recruit as SPONSOR and PASSUP details show them: the rank the order gives, else the member's. */
export function recruitOf(event: ClosingEvent) {
  const { subject } = event;
  return { member: { id_member: subject.id_member, nama: subject.nama, posisi: event.posisi_order ?? subject.posisi } };
}
