import { and, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { members, orders, ORDER_STATUSES } from '../../db/schema';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const QUEUE_STATUSES: OrderStatus[] = ['PAID', 'WAREHOUSE', 'PICKUPABLE', 'DELIVERY', 'RECEIVED', 'PENDING'];

/**
 * The warehouse's queue of one status, newest first, searchable by order number, member or
 * recipient. An order refunded in full has left the queue (domain/order-status.ts).
 */
export async function orderQueue(status: OrderStatus, search?: string, limit = 100) {
  const db = await getDb();
  const term = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db.select({
    noOrder: orders.noOrder, statusOrder: orders.statusOrder, paidAt: orders.paidAt, pickupStore: orders.pickupStore,
    totalBayar: orders.totalBayar, namaKirim: orders.namaKirim, ekspedisi: orders.ekspedisi, noResi: orders.noResi, idMember: members.idMember, nama: members.nama,
  }).from(orders).innerJoin(members, eq(members.id, orders.memberId))
    .where(and(eq(orders.statusOrder, status), isNull(orders.refundedAt), term ? or(ilike(orders.noOrder, term), ilike(members.nama, term), ilike(members.idMember, term), ilike(orders.namaKirim, term)) : undefined))
    .orderBy(desc(orders.createdAt)).limit(limit);
}
