import { ChangeOperatorPasswordSchema } from '../../../lib/schemas/operator-account';
import { inTransaction } from '../../db/client';
import { lockOperatorPasswordHash, setOperatorPassword } from '../../db/queries/operators';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../auth/password';
import { assertStrongPassword, operatorPasswordOwner } from '../auth/password-policy';
import { endOperatorSessions, type SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';

export const OPERATOR_PASSWORD_CHANGED = 'Password Anda telah diubah; sesi lain akun ini telah diakhiri';
export const OLD_PASSWORD_WRONG = 'Password lama salah';

/** Any operator changes their own password (/admin/akun); their other sessions end, this one stays. */
export async function changeOperatorPassword(
  operator: SessionOperator,
  currentToken: string | undefined,
  input: { password_lama: string; password_baru: string },
): Promise<string> {
  const parsed = ChangeOperatorPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_INPUT', issue.message, { [String(issue.path[0])]: issue.message });
  }
  await assertStrongPassword(parsed.data.password_baru, 'password_baru', operatorPasswordOwner(operator));
  const passwordHash = await hashPassword(parsed.data.password_baru);
  await inTransaction(async (tx) => {
    const hash = await lockOperatorPasswordHash(tx, operator.id);
    if (!hash || !(await verifyPassword(hash, parsed.data.password_lama))) {
      throw new AppError('BAD_INPUT', OLD_PASSWORD_WRONG, { password_lama: OLD_PASSWORD_WRONG });
    }
    await setOperatorPassword(tx, operator.id, passwordHash);
    await endOperatorSessions(tx, operator.id, currentToken);
    await recordAudit(tx, operator, 'operator:password', `operator:${operator.username}`, null, null);
  });
  return OPERATOR_PASSWORD_CHANGED;
}
