import { AppError } from '../../errors';
import type { ReferralOrderInput } from '../../../lib/schemas/order';
import { lockedMinutes, recordFailure } from '../auth/rate-limit';
import { getSetting } from '../settings';
import { createOrder } from './create-order';
import { findReferrer } from './find-referrer';

/**
 * The public referral page's order (spec/001 §2 stand-alone page): a registration under the
 * link's member as sponsor, online delivery only, to the address the prospective member typed.
 */
export async function createReferralOrder(input: ReferralOrderInput, address: string): Promise<{ public_id: string; no_order: string; created: boolean }> {
  const key = `referral-order:${address}`;
  // The page needs no sign-in: orders are counted per client address (setting referral_orders_per_address).
  const minutes = await lockedMinutes(key);
  if (minutes > 0) throw new AppError('RATE_LIMITED', `Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam ${minutes} menit.`);
  const sponsor = await findReferrer(input.joinme);
  if (input.pickup_store || !input.join_member || input.upgrade_member || input.is_ro) {
    throw new AppError('BAD_INPUT', 'Pendaftaran lewat link referal hanya untuk member baru dengan pengiriman online');
  }
  const order = await createOrder(sponsor, input, { kirim: input.kirim });
  if (order.created) await recordFailure(key, await getSetting('referral_orders_per_address'));
  return order;
}
