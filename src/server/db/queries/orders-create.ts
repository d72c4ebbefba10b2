import { and, count, eq, gte, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { members, orderDetails, orderHistories, orders, shippingAddresses, warehouseStock } from '../schema';

/** The columns of a new order row, typed from the schema. */
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderDetails.$inferInsert, 'id' | 'publicId' | 'orderId'>;

/** One of the member's saved delivery addresses, as the order copies it. */
export async function findSavedShipTo(db: Db | Tx, memberId: number, publicId: string) {
  const [row] = await db
    .select({
      nama: shippingAddresses.nama,
      phone: shippingAddresses.phone,
      alamat: shippingAddresses.alamat,
      kelurahan_id: shippingAddresses.kelurahanId,
      kode_pos: shippingAddresses.kodePos,
    })
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.publicId, publicId), eq(shippingAddresses.memberId, memberId)));
  return row;
}

/** The order a checkout's idempotency key (client_ref) already made for the member, if any. */
export async function findOrderByClientRef(
  db: Db | Tx,
  memberId: number,
  clientRef: string,
): Promise<{ public_id: string; no_order: string } | undefined> {
  const [row] = await db
    .select({ public_id: orders.publicId, no_order: orders.noOrder })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.clientRef, clientRef)));
  return row;
}

/** Takes qty off a warehouse's stock when that much is there; false when it is not. */
export async function reserveStock(tx: Tx, warehouseId: number, productId: number, qty: number): Promise<boolean> {
  const reserved = await tx
    .update(warehouseStock)
    .set({ qty: sql`${warehouseStock.qty} - ${qty}` })
    .where(and(eq(warehouseStock.warehouseId, warehouseId), eq(warehouseStock.productId, productId), gte(warehouseStock.qty, qty)))
    .returning({ qty: warehouseStock.qty });
  return reserved.length > 0;
}

/** The next order id, taken before the insert because the order number is made from it. */
export async function nextOrderId(tx: Tx): Promise<number> {
  const [row] = await selectRows<{ id: unknown }>(tx, sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`);
  return toCount(row?.id);
}

/** Writes the order row; answers its public id. */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<string> {
  const [row] = await tx.insert(orders).values(order).returning({ publicId: orders.publicId });
  return row!.publicId;
}

export async function insertOrderLines(tx: Tx, orderId: number, lines: NewOrderLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(orderDetails).values(lines.map((l) => ({ ...l, orderId })));
}

export async function insertOrderHistory(tx: Tx, row: typeof orderHistories.$inferInsert): Promise<void> {
  await tx.insert(orderHistories).values(row);
}

/** Locks the buyer's row until commit, so parallel orders of one member count each other. */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

/** The member's unpaid orders of one channel (member area or referral page), and how many are upgrades. */
export async function countPendingOrders(tx: Tx, memberId: number, viaReferral: boolean): Promise<{ pending: number; upgrades: number }> {
  const [row] = await tx
    .select({ pending: count(), upgrades: sql<unknown>`count(*) filter (where ${orders.jenisOrder} = 'upg')` })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.statusOrder, 'PENDING'), eq(orders.viaReferral, viaReferral)));
  return { pending: toCount(row?.pending), upgrades: toCount(row?.upgrades) };
}
