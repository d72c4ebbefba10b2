import { getDb, inTransaction } from '../../db/client';
import { dueUnpaidOrderIds } from '../../db/queries/orders';
import { decideOrder } from '../../domain/order-status';
import { closeUnpaidOrder } from './handle-payment-notification';
import { lockOrder } from './mark-order-paid';

/**
 * Unpaid orders past their expiry become EXPIRED by 'System' and give their stock back
 * (setting order_expiry_hours); the scheduler calls it every minute. Each order is its own transaction that re-reads it locked, so a
 * payment arriving at the same moment wins or loses cleanly. Returns how many expired.
 */
export async function expireOrders(now = new Date(), limit = 500): Promise<number> {
  const due = await dueUnpaidOrderIds(await getDb(), now, limit);
  let expired = 0;
  for (const id of due) {
    await inTransaction(async (tx) => {
      const order = await lockOrder(tx, { id });
      if (
        !order ||
        !decideOrder(order.no_order, { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store }, 'expire').ok
      )
        return;
      await closeUnpaidOrder(tx, order, 'EXPIRED', 'Batas waktu pembayaran habis');
      expired += 1;
    });
  }
  return expired;
}
