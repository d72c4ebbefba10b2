import type { OrderStatus } from '../server/db/schema/orders';

/** Statuses after a settled payment: these show an invoice and count as turnover (spec/001 §4). */
export const INVOICED_STATUSES: readonly OrderStatus[] = ['PAID', 'PICKUPABLE', 'DELIVERY', 'WAREHOUSE', 'RECEIVED', 'RETUR', 'DONE'];

export const isInvoiced = (status: string): boolean => (INVOICED_STATUSES as readonly string[]).includes(status);

/** The payment label of the detail (spec/001 §4); the CANCEL text is ours (the spec names none). */
export function paymentLabel(status: string): string {
  if (status === 'PENDING') return 'Menunggu Pembayaran';
  if (status === 'EXPIRED') return 'Pembayaran Kadaluwarsa';
  if (status === 'CANCEL') return 'Order Dibatalkan';
  return isInvoiced(status) ? 'Pembayaran berhasil' : status;
}

/** Statuses in which a waybill can be tracked (spec/001 §4). */
export const TRACKABLE_STATUSES: readonly OrderStatus[] = ['DELIVERY', 'RECEIVED', 'DONE'];

/** Methods without the pay-now button, and those that never auto-open the pop-up (spec/001 §4). */
export const NO_PAY_NOW_METHODS = ['cash', 'transferbca'] as const;
export const NO_AUTO_PAY_METHODS = ['cash', 'transferbca', 'bca_klikpay', 'danamon_online'] as const;

export const canPayNow = (status: string, method: string | null): boolean =>
  status === 'PENDING' && !(NO_PAY_NOW_METHODS as readonly string[]).includes(method ?? 'cash');

export const autoOpensPayment = (status: string, method: string | null): boolean =>
  status === 'PENDING' && !(NO_AUTO_PAY_METHODS as readonly string[]).includes(method ?? 'cash');

/** Badge colour of a status in the list and the detail. */
export function statusBadge(status: string): 'success' | 'warning' | 'info' | 'danger' {
  if (status === 'DONE' || status === 'RECEIVED') return 'success';
  if (status === 'PENDING') return 'warning';
  if (status === 'CANCEL' || status === 'EXPIRED' || status === 'RETUR') return 'danger';
  return 'info';
}
