import type { OrderStatus } from '../server/db/schema/orders';

/** Statuses after a settled payment: these show an invoice and count as turnover (spec/001 §4). */
export const INVOICED_STATUSES: readonly OrderStatus[] = ['PAID', 'PICKUPABLE', 'DELIVERY', 'WAREHOUSE', 'RECEIVED', 'RETUR', 'DONE'];

export const isInvoiced = (status: string): boolean => (INVOICED_STATUSES as readonly string[]).includes(status);
