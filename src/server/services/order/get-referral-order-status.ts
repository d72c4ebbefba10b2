import { canPayNow, paymentLabel } from '../../../lib/order-status';
import { getDb } from '../../db/client';
import { referralOrderState } from '../../db/queries/orders';
import { AppError } from '../../errors';

export interface ReferralOrderStatus {
  no_order: string;
  status_order: string;
  payment_label: string;
  /** Whether the prospect can still open the payment pop-up. */
  can_pay: boolean;
}

/**
 * GET /daftar/api/payment?public_id=: where the prospect's referral order stands, so the page shows
 * it as paid after the pop-up instead of offering to pay again (the id is its capability).
 */
export async function getReferralOrderStatus(publicId: string): Promise<ReferralOrderStatus> {
  const order = await referralOrderState(await getDb(), publicId);
  if (!order) throw new AppError('NOT_FOUND', 'Order tidak ditemukan');
  return {
    no_order: order.no_order,
    status_order: order.status_order,
    payment_label: paymentLabel(order.status_order),
    can_pay: canPayNow(order.status_order, order.payment_method),
  };
}
