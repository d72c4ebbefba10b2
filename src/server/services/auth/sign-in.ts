import type { SignIn } from '../../../lib/schemas/auth';
import { AppError } from '../../errors';
import { findMemberByLogin } from './find-member';
import { dummyPasswordHash, verifyPassword } from './password';
import { createSession, resolveSession } from './sessions';
import { reserveAttempt, signInLocked, succeed } from './throttle';

export const signInMessages = {
  wrong: 'ID Member/Username atau password salah',
  locked: signInLocked,
  success: 'Login berhasil',
} as const;

/**
 * Checks the credentials and opens a session, throttled by services/auth/throttle.ts: a stranger
 * cannot lock a member out (ASVS 2.2.1): failures lock the pair (account, address) and the
 * address, while the account as a whole is only slowed down, so the owner's correct password
 * from another address still signs in.
 */
export async function signIn(input: SignIn, context: { address: string; userAgent?: string }) {
  const member = await findMemberByLogin(input.username);
  // Keyed by the member, not by what was typed: username and ID Member share one count.
  const account = member ? `${member.id}` : input.username.trim().toLowerCase();
  // The attempt is counted before the password is checked, so parallel guesses cannot pass a limit.
  const attempt = await reserveAttempt('sign-in', { account, address: context.address });
  const ok = await verifyPassword(member?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!member || !ok) throw new AppError('UNAUTHORIZED', signInMessages.wrong);
  await succeed(attempt);
  const session = await createSession(member.id, input.remember, context.userAgent);
  const user = (await resolveSession(session.token))!;
  return { ...session, user };
}
