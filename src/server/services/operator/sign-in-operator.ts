import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { operators } from '../../db/schema';
import { AppError } from '../../errors';
import { getSetting } from '../settings';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { clearFailures, lockedMinutes, recordFailure } from '../auth/rate-limit';
import { signInMessages } from '../auth/sign-in';
import { createOperatorSession, resolveOperatorSession } from './operator-sessions';
import { verifyOperatorSecondFactor } from './verify-operator-second-factor';

/** Operator sign-in at /admin/signin, rate limited like members' but on keys of its own; `code`: the second factor when on. */
export async function signInOperator(input: { username: string; password: string; code?: string }, context: { address: string }) {
  const username = input.username.trim().toLowerCase();
  const db = await getDb();
  const [operator] = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
  const accountKey = `operator:${username}`;
  const addressKey = `operator-address:${context.address}`;
  const locked = Math.max(await lockedMinutes(accountKey), await lockedMinutes(addressKey));
  if (locked > 0) throw new AppError('RATE_LIMITED', signInMessages.locked(locked));
  const ok = await verifyPassword(operator?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!operator || !ok || !operator.isActive) {
    await recordFailure(accountKey, await getSetting('login_max_failures_per_account'));
    await recordFailure(addressKey, await getSetting('login_max_failures_per_address'));
    throw new AppError('UNAUTHORIZED', 'Username atau password operator salah');
  }
  await verifyOperatorSecondFactor(operator, input.code);
  await clearFailures(accountKey);
  const session = await createOperatorSession(operator.id);
  return { ...session, operator: (await resolveOperatorSession(session.token))! };
}
