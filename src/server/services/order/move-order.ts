import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { decideOrder, type OrderEvent } from '../../domain/order-status';
import type { OrderStatus } from '../../db/schema/orders';

/** What moveOrder needs of the order, read with its row locked (lockOrder). */
export interface OrderToMove {
  id: number;
  no_order: string;
  status_order: string;
  refunded: boolean;
  pickup_store: boolean;
}

/** The history row the member sees; false when the caller writes its own (the refund). */
export type HistoryNote = false | {
  /** 0 is the member ('User'), null with no name is 'System'. */
  idAdmin?: number | null;
  adminNama?: string | null;
  keterangan?: string | null;
  tanggal?: Date;
};

/**
 * The only writer of an order's status (src/server/domain/order-status.ts decides): refuses what
 * the table does not allow with its Indonesian message, moves the status, applies the transition's
 * side effects (reserved stock back, payment token dropped, refunded mark) and writes the history
 * row, inside the caller's transaction with the order row locked.
 */
export async function moveOrder(tx: Tx, order: OrderToMove, event: OrderEvent, history: HistoryNote = {}): Promise<OrderStatus> {
  const decision = decideOrder(order.no_order, { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store }, event);
  if (!decision.ok) throw new AppError('CONFLICT', decision.message);
  const { to, transition } = decision;
  await tx.execute(sql`update orders set status_order = ${to}
    ${transition.releasesStock ? sql`, payment_token = null` : sql``}
    ${transition.marksRefunded ? sql`, refunded_at = now()` : sql``}
    where id = ${order.id}`);
  if (transition.releasesStock) await releaseStock(tx, order.id);
  if (history) {
    await tx.execute(sql`insert into order_histories (order_id, tanggal, status, id_admin, admin_nama, keterangan)
      values (${order.id}, ${history.tanggal ? sql`${history.tanggal.toISOString()}` : sql`now()`}, ${to}, ${history.idAdmin ?? null}, ${history.adminNama ?? null}, ${history.keterangan ?? null})`);
  }
  return to;
}

/** Puts an unpaid order's reserved stock back (expiry, cancellation). */
async function releaseStock(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    update warehouse_stock s set qty = s.qty + d.qty
    from (select o.gudang_id, od.product_id, sum(od.qty)::int as qty from order_details od join orders o on o.id = od.order_id
          where o.id = ${orderId} group by o.gudang_id, od.product_id) d
    where s.warehouse_id = d.gudang_id and s.product_id = d.product_id`);
}
