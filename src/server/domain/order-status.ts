import { INVOICED_STATUSES } from '../../lib/order-status';
import { ORDER_STATUSES, type OrderStatus } from '../db/schema/orders';

/**
 * The one home of an order's transitions (spec/001 §4, DESIGN.md §7, COMP_PLAN.md "Refunds"):
 * every change of status_order — the payment webhook, the expiry job, the console and
 * `npm run ops -- order:*`, the member's "selesai" and the refund — is decided here and applied by
 * `moveOrder` (services/order/move-order.ts). Pure data and rules, no I/O.
 */

export const ORDER_EVENTS = ['pay', 'expire', 'cancel', 'pack', 'pickupable', 'ship', 'track', 'receive', 'done', 'refund'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** What the warehouse still works on: the queue, the packing list and the label. */
export const WAREHOUSE_STATUSES: readonly OrderStatus[] = ['PAID', 'WAREHOUSE', 'PICKUPABLE', 'DELIVERY'];
/** Every status after a settled payment (spec/001 §4 "post-payment states"): the invoiced ones, one list. */
export const PAID_STATUSES: readonly OrderStatus[] = INVOICED_STATUSES;

export interface OrderTransition {
  from: readonly OrderStatus[];
  /** The status it moves to; null keeps the status (a full refund only marks the order refunded). */
  to: OrderStatus | null;
  /** The name of the action in buttons and messages. */
  label: string;
  /** true: only orders picked up at the warehouse; false: only orders sent by courier. */
  pickup?: boolean;
  /** The reserved stock goes back to the warehouse (an unpaid order that closes). */
  releasesStock?: boolean;
  /** The order is marked refunded: out of the warehouse queue, no further transition. */
  marksRefunded?: boolean;
  /** A message of its own instead of the generic one when the status does not fit. */
  refusal?: string;
}

export const MARK_DONE_ONLY_RECEIVED = 'Order hanya dapat diselesaikan setelah paket diterima (status RECEIVED)';

export const ORDER_TRANSITIONS: Readonly<Record<OrderEvent, OrderTransition>> = {
  pay: { from: ['PENDING'], to: 'PAID', label: 'Bayar' },
  expire: { from: ['PENDING'], to: 'EXPIRED', label: 'Kedaluwarsa', releasesStock: true },
  // A paid order is never cancelled: CANCEL leaves the bonus ledger, its money goes back by a refund.
  cancel: { from: ['PENDING'], to: 'CANCEL', label: 'Batalkan', releasesStock: true },
  pack: { from: ['PAID'], to: 'WAREHOUSE', label: 'Kemas' },
  pickupable: { from: ['PAID', 'WAREHOUSE'], to: 'PICKUPABLE', label: 'Siap diambil', pickup: true },
  ship: { from: ['PAID', 'WAREHOUSE'], to: 'DELIVERY', label: 'Kirim (resi)', pickup: false },
  track: { from: ['DELIVERY'], to: 'DELIVERY', label: 'Catat pelacakan', pickup: false },
  receive: { from: ['DELIVERY', 'PICKUPABLE'], to: 'RECEIVED', label: 'Diterima' },
  done: { from: ['RECEIVED'], to: 'DONE', label: 'Selesaikan', refusal: MARK_DONE_ONLY_RECEIVED },
  refund: { from: PAID_STATUSES, to: null, label: 'Refund penuh', marksRefunded: true },
};

/** The table read the other way: from-status → the statuses it may move to. */
export const ORDER_NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.fromEntries(
  ORDER_STATUSES.map((status) => [
    status,
    [
      ...new Set(
        Object.values(ORDER_TRANSITIONS)
          .filter((t) => t.from.includes(status))
          .map((t) => t.to ?? status),
      ),
    ],
  ]),
) as Record<OrderStatus, OrderStatus[]>;

export interface OrderState {
  status: string;
  /** A full refund was recorded: the order is closed for every further transition. */
  refunded: boolean;
  /** Picked up at the warehouse (pickup_store) rather than sent by courier. */
  pickup: boolean;
}

export type OrderDecision = { ok: true; to: OrderStatus; transition: OrderTransition } | { ok: false; message: string };

/** Whether `event` may happen to order `noOrder` in `state`, and where it leads; refusals are Indonesian. */
export function decideOrder(noOrder: string, state: OrderState, event: OrderEvent): OrderDecision {
  const transition = ORDER_TRANSITIONS[event];
  if (!transition) return { ok: false, message: `Perubahan order "${String(event)}" tidak dikenal` };
  if (state.refunded)
    return { ok: false, message: `Order ${noOrder} sudah dikembalikan dananya (refund); "${transition.label}" tidak dapat dilakukan` };
  if (!transition.from.includes(state.status as OrderStatus)) {
    return {
      ok: false,
      message:
        transition.refusal ??
        `Order ${noOrder} berstatus ${state.status}; "${transition.label}" hanya untuk order berstatus ${transition.from.join(' atau ')}`,
    };
  }
  if (transition.pickup === true && !state.pickup) return { ok: false, message: `Order ${noOrder} dikirim kurir, bukan ambil di tempat` };
  if (transition.pickup === false && state.pickup) return { ok: false, message: `Order ${noOrder} diambil di tempat, tidak dikirim kurir` };
  return { ok: true, to: transition.to ?? (state.status as OrderStatus), transition };
}

/** The events among `events` that an order in `status` may take (the console's buttons per queue). */
export function eventsFrom<E extends OrderEvent>(status: string, events: readonly E[]): E[] {
  return events.filter((event) => ORDER_TRANSITIONS[event].from.includes(status as OrderStatus));
}

/** Whether the warehouse still works on the order (queue, packing list, label). */
export function isWarehouseWork(state: Pick<OrderState, 'status' | 'refunded'>): boolean {
  return !state.refunded && WAREHOUSE_STATUSES.includes(state.status as OrderStatus);
}

/**
 * The paid time of a settled payment: the time the gateway reports, never before the order
 * existed (a signed notification back-dated to 2020 must not back-date the invoice) nor after now.
 */
export function paidTimeOf(reported: number, orderCreatedAt: Date, now: Date = new Date()): Date {
  if (!Number.isFinite(reported)) return now;
  return new Date(Math.min(Math.max(reported, orderCreatedAt.getTime()), now.getTime()));
}
