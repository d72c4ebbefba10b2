import { getDb } from '../../db/client';
import { orderQueueCount, orderQueuePage } from '../../db/queries/order-queue';
import type { ORDER_STATUSES } from '../../db/schema';
import { type Actor, assertRole } from './assert-role';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUEUE_STATUSES: OrderStatus[] = ['PAID', 'WAREHOUSE', 'PICKUPABLE', 'DELIVERY', 'RECEIVED', 'PENDING'];
export const QUEUE_PAGE_SIZE = 50;

export interface QueueQuery {
  status: OrderStatus;
  /** One warehouse's orders only. */
  warehouseId?: number;
  search?: string;
  /** Keyset cursors (ADR 0018): the No Order of the last (after) or first (before) row of the page seen. */
  after?: string;
  before?: string;
  pageSize?: number;
}

const NO_ORDER = /^[A-Z]{2,5}-\d{8}-\d{3,12}$/;
const cursor = (value: string | undefined) => (value && NO_ORDER.test(value) ? value : undefined);

/**
 * The warehouse's queue of one status, newest first, by warehouse and searchable by order number,
 * member or recipient, one page at a time with the cursors of the pages before and after it.
 * An order refunded in full stays in its status's queue, marked (`refunded`): the transition
 * table refuses to pack or ship it (domain/order-status.ts). GUDANG (and SUPERADMIN).
 */
export async function orderQueue(by: Actor, query: QueueQuery) {
  assertRole(by, ['GUDANG']);
  const db = await getDb();
  const filter = { status: query.status, warehouseId: query.warehouseId, search: query.search?.trim().slice(0, 100) || undefined };
  const after = cursor(query.after);
  const before = after ? undefined : cursor(query.before);
  const limit = Math.min(Math.max(query.pageSize ?? QUEUE_PAGE_SIZE, 1), 200);
  const [page, total] = await Promise.all([orderQueuePage(db, filter, { after, before, limit }), orderQueueCount(db, filter)]);
  const first = page.rows[0]?.noOrder;
  const last = page.rows.at(-1)?.noOrder;
  return {
    rows: page.rows,
    total,
    // Going forward there is a page after when more rows were read; going back, the page we came from.
    nextCursor: (before ? true : page.more) ? last : undefined,
    prevCursor: (after ? true : before ? page.more : false) ? first : undefined,
  };
}
