import { inTransaction } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { findOwnOrder, ORDER_NOT_FOUND } from './get-order-detail';
import { moveOrder } from './move-order';

export const MARK_DONE_OK = 'Order telah diselesaikan';
export { MARK_DONE_ONLY_RECEIVED } from '../../domain/order-status';

/**
 * The one change a member makes to an order (spec/001 §4): RECEIVED → DONE by its owner, with the
 * DONE history row written by 'User' (id_admin 0), in one transaction with the row locked.
 */
export async function markOrderDone(member: SessionMember, publicId: string, noOrder?: string) {
  return inTransaction(async (tx) => {
    const order = await findOwnOrder(tx, member, publicId, true);
    if (noOrder && noOrder !== order.no_order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    await moveOrder(tx, order, 'done', { idAdmin: 0 });
    return { public_id: publicId, no_order: order.no_order, status_order: 'DONE' as const, message: MARK_DONE_OK };
  });
}
