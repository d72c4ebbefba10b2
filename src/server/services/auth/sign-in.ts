import { AppError } from '../../errors';
import type { SignIn } from '../../../lib/schemas/auth';
import { getSetting } from '../settings';
import { findMemberByLogin } from './find-member';
import { dummyPasswordHash, verifyPassword } from './password';
import { NEVER_LOCKED, clearFailures, failureCount, lockedMinutes, recordFailure } from './rate-limit';
import { createSession, resolveSession } from './sessions';

export const signInMessages = {
  wrong: 'ID Member/Username atau password salah',
  locked: (minutes: number) => `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`,
  success: 'Login berhasil',
} as const;

/** Extra wait per failure on an account beyond the per-address limit, and its ceiling. */
const SLOW_DOWN_STEP_MS = 250;
const SLOW_DOWN_MAX_MS = 3_000;

/**
 * Checks the credentials and opens a session. A stranger cannot lock a member out (ASVS 2.2.1):
 * failures lock the pair (account, address) and the address, while the account as a whole is
 * only slowed down, so the owner's correct password from another address still signs in.
 */
export async function signIn(input: SignIn, context: { address: string; userAgent?: string }) {
  const member = await findMemberByLogin(input.username);
  // Keyed by the member, not by what was typed: username and ID Member share one count.
  const account = member ? `${member.id}` : input.username.trim().toLowerCase();
  const accountKey = `account:${account}`;
  const pairKey = `pair:${account}@${context.address}`;
  const addressKey = `address:${context.address}`;
  const locked = Math.max(await lockedMinutes(pairKey), await lockedMinutes(addressKey));
  if (locked > 0) throw new AppError('RATE_LIMITED', signInMessages.locked(locked));
  const perAccount = await getSetting('login_max_failures_per_account');
  const beyond = (await failureCount(accountKey)) - perAccount;
  if (beyond >= 0) await new Promise((resolve) => setTimeout(resolve, Math.min(SLOW_DOWN_MAX_MS, (beyond + 1) * SLOW_DOWN_STEP_MS)));

  const ok = await verifyPassword(member?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!member || !ok) {
    await recordFailure(pairKey, perAccount);
    await recordFailure(accountKey, NEVER_LOCKED);
    await recordFailure(addressKey, await getSetting('login_max_failures_per_address'));
    throw new AppError('UNAUTHORIZED', signInMessages.wrong);
  }
  await clearFailures(pairKey);
  const session = await createSession(member.id, input.remember, context.userAgent);
  const user = (await resolveSession(session.token))!;
  return { ...session, user };
}
