import { reserveAttempt } from '../auth/throttle';

/**
 * The referral page's e-mail check needs no sign-in and tells whether an address is a member's,
 * so it is counted per client address (setting `email_checks_per_address` per
 * `login_window_minutes`, then locked for `login_lock_minutes`), valid or not.
 */
export async function limitEmailChecks(address: string): Promise<void> {
  await reserveAttempt('email-check', { address });
}
