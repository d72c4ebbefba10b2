import { AppError } from '../../errors';
import { lockedMinutes, recordFailure } from '../auth/rate-limit';
import { getSetting } from '../settings';

/**
 * The referral page's e-mail check needs no sign-in and tells whether an address is a member's,
 * so it is counted per client address (setting `email_checks_per_address` per
 * `login_window_minutes`, then locked for `login_lock_minutes`), valid or not.
 */
export async function limitEmailChecks(address: string): Promise<void> {
  const key = `email-check:${address}`;
  const minutes = await lockedMinutes(key);
  if (minutes > 0) throw new AppError('RATE_LIMITED', `Terlalu banyak pemeriksaan email dari alamat ini. Coba lagi dalam ${minutes} menit.`);
  await recordFailure(key, await getSetting('email_checks_per_address'));
}
