import { getDb, inTransaction } from '../../db/client';
import { findOperatorByUsername } from '../../db/queries/operators';
import { AppError } from '../../errors';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { reserveAttempt, succeed } from '../auth/throttle';
import { createOperatorSession, resolveOperatorSession } from './operator-sessions';
import { recordAudit } from './record-audit';
import { verifyOperatorSecondFactor } from './verify-operator-second-factor';

/** The audit actions of the console's sign-in (the audit trail filters on them). */
export const SIGN_IN_ACTION = 'operator:sign-in';
export const SIGN_IN_FAILED_ACTION = 'operator:sign-in-failed';

/**
 * Operator sign-in at /admin/signin and POST /admin/api/token, throttled exactly like members' (auth/throttle.ts); `code`: the second factor when on.
 * Every attempt is in the audit trail (object `sign-in:<username>`, apart from the account's own history): a success in the session's transaction, a failure (wrong
 * password, unknown or inactive operator, wrong code, locked) with the username tried, the client
 * address and the answer given; never the password or the code.
 */
export async function signInOperator(input: { username: string; password: string; code?: string }, context: { address: string }) {
  const username = input.username.trim().toLowerCase();
  const tried = username.slice(0, 100);
  const address = context.address.slice(0, 100);
  const operator = await findOperatorByUsername(await getDb(), username);
  const who = await (async () => {
    const attempt = await reserveAttempt('operator-sign-in', { account: username, address: context.address });
    const ok = await verifyPassword(operator?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!operator || !ok || !operator.isActive) {
      throw new AppError('UNAUTHORIZED', 'Username atau password operator salah');
    }
    await verifyOperatorSecondFactor(operator, input.code);
    await succeed(attempt);
    return operator;
  })().catch(async (error: unknown) => {
    if (error instanceof AppError) {
      await recordAudit(
        await getDb(),
        { id: operator?.id ?? null, nama: operator?.nama ?? tried },
        SIGN_IN_FAILED_ACTION,
        `sign-in:${tried}`,
        null,
        { username: tried, address, alasan: error.message },
      );
    }
    throw error;
  });
  const session = await inTransaction(async (tx) => {
    const created = await createOperatorSession(who.id, tx);
    await recordAudit(tx, { id: who.id, nama: who.nama }, SIGN_IN_ACTION, `sign-in:${who.username}`, null, {
      username: who.username,
      address,
    });
    return created;
  });
  return { ...session, operator: (await resolveOperatorSession(session.token))! };
}
