import { inTransaction } from '../../db/client';
import { startSecondFactorSetup } from '../../db/queries/operators';
import { AppError } from '../../errors';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { newTotpSecret, totpUri } from './totp';

export const SECOND_FACTOR_ALREADY_ON = 'Verifikasi dua langkah sudah aktif';

/** An operator starts setting up two-factor sign-in: a new secret, not used until a code of it is confirmed. */
export async function startSecondFactor(operator: SessionOperator): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  await inTransaction(async (tx) => {
    if (!(await startSecondFactorSetup(tx, operator.id, secret))) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
    await recordAudit(tx, operator, 'operator:2fa-setup', `operator:${operator.username}`, null, null);
  });
  return { secret, uri: totpUri(operator.username, secret) };
}
