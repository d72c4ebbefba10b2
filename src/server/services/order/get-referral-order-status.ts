import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { canPayNow, paymentLabel } from '../../../lib/order-status';

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
  const [order] = await selectRows<{ no_order: string; status_order: string; payment_method: string | null }>(await getDb(), sql`
    select o.no_order, o.status_order, o.payment_method from orders o where o.public_id = ${publicId}::uuid and o.via_referral`);
  if (!order) throw new AppError('NOT_FOUND', 'Order tidak ditemukan');
  return {
    no_order: order.no_order, status_order: order.status_order, payment_label: paymentLabel(order.status_order),
    can_pay: canPayNow(order.status_order, order.payment_method),
  };
}
