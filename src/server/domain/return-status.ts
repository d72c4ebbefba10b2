import type { ReturStatus } from '../db/schema/retur';

export type { ReturStatus };

/**
 * The one home of a return's transitions (spec/001 §4 "Return status", DESIGN.md §7): the
 * operator's approve, reject, receive and finish (console and `npm run ops -- retur:*`) and the
 * member's waybill (APPROVED → DELIVERY) are decided here and applied by `moveReturn`
 * (services/retur/move-return.ts). Pure data and rules, no I/O.
 */

export const RETURN_EVENTS = ['approve', 'reject', 'ship', 'receive', 'finish'] as const;
export type ReturnEvent = (typeof RETURN_EVENTS)[number];

export interface ReturnTransition {
  from: readonly ReturStatus[];
  to: ReturStatus;
  label: string;
  refusal?: string;
}

export const RESI_ONLY_APPROVED = 'Nomor resi hanya dapat diisi untuk retur yang sudah disetujui';

export const RETURN_TRANSITIONS: Readonly<Record<ReturnEvent, ReturnTransition>> = {
  approve: { from: ['PENDING'], to: 'APPROVED', label: 'Setujui' },
  reject: { from: ['PENDING', 'APPROVED', 'DELIVERY', 'RECEIVED'], to: 'REJECTED', label: 'Tolak' },
  // The member's courier and waybill.
  ship: { from: ['APPROVED'], to: 'DELIVERY', label: 'Kirim resi', refusal: RESI_ONLY_APPROVED },
  receive: { from: ['DELIVERY'], to: 'RECEIVED', label: 'Terima paket' },
  finish: { from: ['RECEIVED'], to: 'DONE', label: 'Selesaikan' },
};

export type ReturnDecision = { ok: true; to: ReturStatus } | { ok: false; message: string };

/** Whether `event` may happen to return `noRetur` in `status`; refusals are Indonesian. */
export function decideReturn(noRetur: string, status: string, event: ReturnEvent): ReturnDecision {
  const transition = RETURN_TRANSITIONS[event];
  if (!transition) return { ok: false, message: 'Aksi retur tidak dikenal' };
  if (!transition.from.includes(status as ReturStatus)) {
    return {
      ok: false,
      message:
        transition.refusal ??
        `Retur ${noRetur} berstatus ${status}; "${transition.label}" hanya untuk retur berstatus ${transition.from.join(' atau ')}`,
    };
  }
  return { ok: true, to: transition.to };
}

/** The events among `events` that a return in `status` may take (the console's buttons). */
export function returnEventsFrom<E extends ReturnEvent>(status: string, events: readonly E[]): E[] {
  return events.filter((event) => RETURN_TRANSITIONS[event].from.includes(status as ReturStatus));
}
