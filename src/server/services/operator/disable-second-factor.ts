import { inTransaction } from '../../db/client';
import { lockSecondFactor, removeSecondFactor } from '../../db/queries/operators';
import { isSecondFactorRequired } from '../../domain/operator-second-factor';
import { AppError } from '../../errors';
import { isProduction } from '../../mode';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { acceptSecondFactorCode } from './second-factor-code';
import { SECOND_FACTOR_WRONG } from './verify-operator-second-factor';

export const SECOND_FACTOR_REQUIRED_FOR_ROLE = 'Verifikasi dua langkah wajib untuk peran Anda dan tidak dapat dimatikan';
export const SECOND_FACTOR_OFF = 'Verifikasi dua langkah dimatikan';

/** An operator turns their own two-factor sign-in off with a current code (or a recovery code); not where it is required. */
export async function disableSecondFactor(operator: SessionOperator, code: string): Promise<string> {
  if (isSecondFactorRequired(operator.role, isProduction())) throw new AppError('FORBIDDEN', SECOND_FACTOR_REQUIRED_FOR_ROLE);
  await inTransaction(async (tx) => {
    const row = await lockSecondFactor(tx, operator.id);
    if (
      !row?.enabledAt ||
      !(await acceptSecondFactorCode(tx, { id: operator.id, username: operator.username, totpSecret: row.secret }, code, true))
    ) {
      throw new AppError('BAD_INPUT', SECOND_FACTOR_WRONG, { kode: SECOND_FACTOR_WRONG });
    }
    await removeSecondFactor(tx, operator.id);
    await recordAudit(
      tx,
      operator,
      'operator:2fa-disable',
      `operator:${operator.username}`,
      { second_factor: true },
      { second_factor: false },
    );
  });
  return SECOND_FACTOR_OFF;
}
