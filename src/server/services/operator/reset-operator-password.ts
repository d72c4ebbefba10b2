import { OperatorPasswordSchema } from '../../../lib/schemas/operator-account';
import { inTransaction } from '../../db/client';
import { setOperatorPassword } from '../../db/queries/operators';
import { AppError } from '../../errors';
import { hashPassword } from '../auth/password';
import { assertStrongPassword, operatorPasswordOwner } from '../auth/password-policy';
import { type Actor, assertRole } from './assert-role';
import { lockOperator } from './find-operator';
import { endOperatorSessions } from './operator-sessions';
import { recordAudit } from './record-audit';

/**
 * SUPERADMIN sets a new password for another operator (forgotten password), and with
 * `clearSecondFactor` also removes their two-factor sign-in (lost phone and recovery codes).
 * Every session of that operator ends; the password itself is never audited.
 */
export async function resetOperatorPassword(
  by: Actor,
  username: string,
  password: string,
  options: { clearSecondFactor?: boolean } = {},
): Promise<string> {
  assertRole(by, []);
  const parsed = OperatorPasswordSchema.safeParse(password);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]!.message, { password: parsed.error.issues[0]!.message });
  return inTransaction(async (tx) => {
    const target = await lockOperator(tx, username, by);
    await assertStrongPassword(parsed.data, 'password', operatorPasswordOwner(target));
    const clear = Boolean(options.clearSecondFactor && target.totpEnabledAt);
    await setOperatorPassword(tx, target.id, await hashPassword(parsed.data), clear);
    await endOperatorSessions(tx, target.id);
    await recordAudit(tx, by, 'operator:reset-password', `operator:${target.username}`, null, { second_factor_cleared: clear });
    return clear
      ? `Password ${target.username} direset dan verifikasi dua langkahnya dihapus; semua sesinya berakhir`
      : `Password ${target.username} direset; semua sesinya berakhir`;
  });
}
