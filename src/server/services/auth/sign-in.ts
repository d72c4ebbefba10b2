import { AppError } from '../../errors';
import type { SignIn } from '../../../lib/schemas/auth';
import { getSetting } from '../settings';
import { findMemberByLogin } from './find-member';
import { dummyPasswordHash, verifyPassword } from './password';
import { clearFailures, lockedMinutes, recordFailure } from './rate-limit';
import { createSession, resolveSession } from './sessions';

export const signInMessages = {
  wrong: 'ID Member/Username atau password salah',
  locked: (minutes: number) => `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`,
  success: 'Login berhasil',
} as const;

/**
 * Checks the credentials and opens a session. Failures are counted per account and per address;
 * a locked account or address is refused before the password is even checked.
 */
export async function signIn(input: SignIn, context: { address: string; userAgent?: string }) {
  const member = await findMemberByLogin(input.username);
  // Keyed by the member, not by what was typed: username and ID Member share one count.
  const accountKey = member ? `account:${member.id}` : `account:${input.username.trim().toLowerCase()}`;
  const addressKey = `address:${context.address}`;
  const locked = Math.max(await lockedMinutes(accountKey), await lockedMinutes(addressKey));
  if (locked > 0) throw new AppError('RATE_LIMITED', signInMessages.locked(locked));

  const ok = await verifyPassword(member?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!member || !ok) {
    await recordFailure(accountKey, await getSetting('login_max_failures_per_account'));
    await recordFailure(addressKey, await getSetting('login_max_failures_per_address'));
    throw new AppError('UNAUTHORIZED', signInMessages.wrong);
  }
  await clearFailures(accountKey);
  const session = await createSession(member.id, input.remember, context.userAgent);
  const user = (await resolveSession(session.token))!;
  return { ...session, user };
}
