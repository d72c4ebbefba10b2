import { type CreateOperator, CreateOperatorSchema } from '../../../lib/schemas/operator-account';
import { inTransaction } from '../../db/client';
import { insertOperator } from '../../db/queries/operators';
import { AppError } from '../../errors';
import { hashPassword } from '../auth/password';
import { assertStrongPassword, operatorPasswordOwner } from '../auth/password-policy';
import { type Actor, assertRole } from './assert-role';
import { recordAudit } from './record-audit';

export type { CreateOperator };
export const OPERATOR_CREATED = 'Operator ditambahkan';

/**
 * Adds an operator (argon2id, the operators' password policy); `by` is a SUPERADMIN in the
 * console, or the system (`npm run ops -- operator:create`) for the first SUPERADMIN.
 */
export async function createOperator(input: CreateOperator, by: Actor): Promise<{ id: number }> {
  assertRole(by, []);
  const parsed = CreateOperatorSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_INPUT', issue.message, { [String(issue.path[0] ?? 'form')]: issue.message });
  }
  const { password, ...data } = parsed.data;
  await assertStrongPassword(password, 'password', operatorPasswordOwner(data));
  const passwordHash = await hashPassword(password);
  return inTransaction(async (tx) => {
    const row = await insertOperator(tx, { ...data, passwordHash });
    if (!row) throw new AppError('CONFLICT', 'Username operator sudah dipakai', { username: 'Username operator sudah dipakai' });
    await recordAudit(tx, by, 'operator:create', `operator:${data.username}`, null, data);
    return row;
  });
}
