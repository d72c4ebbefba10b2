import { getDb } from '../../db/client';
import { orderQueueRows } from '../../db/queries/orders';
import type { ORDER_STATUSES } from '../../db/schema';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUEUE_STATUSES: OrderStatus[] = ['PAID', 'WAREHOUSE', 'PICKUPABLE', 'DELIVERY', 'RECEIVED', 'PENDING'];

/**
 * The warehouse's queue of one status, newest first, searchable by order number, member or
 * recipient. An order refunded in full has left the queue (domain/order-status.ts).
 */
export async function orderQueue(status: OrderStatus, search?: string, limit = 100) {
  return orderQueueRows(await getDb(), status, search?.trim() || undefined, limit);
}
