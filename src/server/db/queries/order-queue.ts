import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { containsPattern } from '../like';
import { toRupiah } from '../money';
import { members, orders, warehouses } from '../schema';
import type { OrderStatus } from '../schema/orders';

/**
 * The warehouse's queue (console /admin/orders, issue #26): one status, optionally one warehouse
 * and a search, newest first, paged by keyset as the downline report is (ADR 0018): the cursor is
 * the No Order of the page's last (first) row, a number the operator already sees.
 */
export interface QueueFilter {
  status: OrderStatus;
  warehouseId?: number;
  search?: string;
}
export type QueueSlice = { after?: string; before?: string; limit: number };

function queueWhere(filter: QueueFilter): SQL | undefined {
  const term = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    eq(orders.statusOrder, filter.status),
    filter.warehouseId === undefined ? undefined : eq(orders.gudangId, filter.warehouseId),
    term
      ? or(ilike(orders.noOrder, term), ilike(members.nama, term), ilike(members.idMember, term), ilike(orders.namaKirim, term))
      : undefined,
  );
}

/** The cursor's place in the order; an unknown No Order compares to null, so its page is empty. */
const cursorPlace = (noOrder: string) => sql`(select c.created_at, c.id from orders c where c.no_order = ${noOrder})`;

/** One page of the queue (limit + 1 rows are read, so the caller knows whether another page follows). */
export async function orderQueuePage(db: Db | Tx, filter: QueueFilter, slice: QueueSlice) {
  const backwards = slice.before !== undefined && slice.after === undefined;
  const keyset =
    slice.after !== undefined
      ? sql`(${orders.createdAt}, ${orders.id}) < ${cursorPlace(slice.after)}`
      : slice.before !== undefined
        ? sql`(${orders.createdAt}, ${orders.id}) > ${cursorPlace(slice.before)}`
        : undefined;
  const rows = await db
    .select({
      noOrder: orders.noOrder,
      statusOrder: orders.statusOrder,
      paidAt: orders.paidAt,
      pickupStore: orders.pickupStore,
      totalBayar: orders.totalBayar,
      namaKirim: orders.namaKirim,
      ekspedisi: orders.ekspedisi,
      noResi: orders.noResi,
      refunded: sql<boolean>`${orders.refundedAt} is not null`,
      gudang: warehouses.nama,
      idMember: members.idMember,
      nama: members.nama,
    })
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .leftJoin(warehouses, eq(warehouses.id, orders.gudangId))
    .where(and(queueWhere(filter), keyset))
    .orderBy(...(backwards ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(slice.limit + 1);
  const more = rows.length > slice.limit;
  const page = rows.slice(0, slice.limit).map((row) => ({ ...row, totalBayar: toRupiah(row.totalBayar) }));
  return { rows: backwards ? page.reverse() : page, more };
}

/** How many orders the filter holds (the queue's total). */
export async function orderQueueCount(db: Db | Tx, filter: QueueFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).innerJoin(members, eq(members.id, orders.memberId)).where(queueWhere(filter));
  return row?.n ?? 0;
}

/** The orders that already carry one of these waybill numbers (a waybill belongs to one parcel). */
export function ordersHoldingResi(db: Db | Tx, resis: string[]) {
  if (resis.length === 0) return Promise.resolve([]);
  return db.select({ noOrder: orders.noOrder, noResi: orders.noResi }).from(orders).where(inArray(orders.noResi, resis));
}
