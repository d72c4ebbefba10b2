import { getDb } from '../../db/client';
import { findOperatorByUsername } from '../../db/queries/operators';
import { AppError } from '../../errors';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { reserveAttempt, succeed } from '../auth/throttle';
import { createOperatorSession, resolveOperatorSession } from './operator-sessions';
import { verifyOperatorSecondFactor } from './verify-operator-second-factor';

/** Operator sign-in at /admin/signin and POST /admin/api/token, throttled exactly like members' (auth/throttle.ts); `code`: the second factor when on. */
export async function signInOperator(input: { username: string; password: string; code?: string }, context: { address: string }) {
  const username = input.username.trim().toLowerCase();
  const operator = await findOperatorByUsername(await getDb(), username);
  const attempt = await reserveAttempt('operator-sign-in', { account: username, address: context.address });
  const ok = await verifyPassword(operator?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!operator || !ok || !operator.isActive) {
    throw new AppError('UNAUTHORIZED', 'Username atau password operator salah');
  }
  await verifyOperatorSecondFactor(operator, input.code);
  await succeed(attempt);
  const session = await createOperatorSession(operator.id);
  return { ...session, operator: (await resolveOperatorSession(session.token))! };
}
