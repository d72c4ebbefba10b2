import type { Tx } from '../../db/client';
import { insertOrderHistory, releaseOrderStock, setOrderStatus } from '../../db/queries/orders';
import type { OrderStatus } from '../../db/schema/orders';
import { decideOrder, type OrderEvent } from '../../domain/order-status';
import { AppError } from '../../errors';

/** What moveOrder needs of the order, read with its row locked (lockOrder). */
export interface OrderToMove {
  id: number;
  no_order: string;
  status_order: string;
  refunded: boolean;
  pickup_store: boolean;
}

/** The history row the member sees; false when the caller writes its own (the refund). */
export type HistoryNote =
  | false
  | {
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
  await setOrderStatus(tx, order.id, to, { dropPaymentToken: transition.releasesStock, markRefunded: transition.marksRefunded });
  if (transition.releasesStock) await releaseOrderStock(tx, order.id);
  if (history) {
    await insertOrderHistory(tx, {
      orderId: order.id,
      status: to,
      tanggal: history.tanggal,
      idAdmin: history.idAdmin,
      adminNama: history.adminNama,
      keterangan: history.keterangan,
    });
  }
  return to;
}
