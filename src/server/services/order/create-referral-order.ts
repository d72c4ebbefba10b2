import type { ReferralOrderInput } from '../../../lib/schemas/order';
import { AppError } from '../../errors';
import { refund, reserveAttempt } from '../auth/throttle';
import { createOrder } from './create-order';
import { findReferrer } from './find-referrer';

/**
 * The public referral page's order (spec/001 §2 stand-alone page): a registration under the
 * link's member as sponsor, online delivery only, to the address the prospective member typed.
 */
export async function createReferralOrder(
  input: ReferralOrderInput,
  address: string,
): Promise<{ public_id: string; no_order: string; created: boolean }> {
  // The page needs no sign-in: orders are counted per client address (setting referral_orders_per_address),
  // reserved first so parallel requests cannot pass the limit; a request that creates no order gives it back.
  const attempt = await reserveAttempt('referral-order', { address });
  let order: Awaited<ReturnType<typeof createOrder>>;
  try {
    const sponsor = await findReferrer(input.joinme);
    if (input.pickup_store || !input.join_member || input.upgrade_member || input.is_ro) {
      throw new AppError('BAD_INPUT', 'Pendaftaran lewat link referal hanya untuk member baru dengan pengiriman online');
    }
    order = await createOrder(sponsor, input, { kirim: input.kirim });
  } catch (error) {
    await refund(attempt);
    throw error;
  }
  if (!order.created) await refund(attempt);
  return order;
}
