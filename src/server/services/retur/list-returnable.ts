import { getDb } from '../../db/client';
import { type ReturnableOrderRow, remainingDetails, returnableOrders } from '../../db/queries/returns';
import type { SessionMember } from '../auth/session-member';
import { getSetting } from '../settings';

export interface ReturnableDetail {
  public_id: string;
  /** What may still be returned: ordered minus already returned (returns not rejected) and refunded. */
  qty: number;
  qty_order: number;
  barang: { public_id: string; nama: string };
}

/** A returnable order as the member's API answers it: the query's row without its internal id, with its lines. */
export type ReturnableOrder = Omit<ReturnableOrderRow, 'id'> & { order_details: ReturnableDetail[] };

/** GET /member/transaction/retur-able: the member's returnable orders with their lines and ship-to. */
export async function listReturnable(member: SessionMember): Promise<ReturnableOrder[]> {
  const db = await getDb();
  const windowDays = Number(await getSetting('retur_window_days'));
  const orders = await returnableOrders(db, member.id, windowDays);
  const lines = await remainingDetails(
    db,
    orders.map((o) => o.id),
  );
  return orders
    .map(({ id, ...o }) => ({
      ...o,
      order_details: lines
        .filter((l) => l.order_id === id && l.qty > 0)
        .map((l) => ({
          public_id: l.public_id,
          qty: l.qty,
          qty_order: l.qty_order,
          barang: { public_id: l.barang_public_id, nama: l.nama },
        })),
    }))
    .filter((o) => o.order_details.length > 0);
}
