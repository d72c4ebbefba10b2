import { and, eq, isNull } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { operators } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { newTotpSecret, totpUri } from './totp';

export const SECOND_FACTOR_ALREADY_ON = 'Verifikasi dua langkah sudah aktif';

/** An operator starts setting up two-factor sign-in: a new secret, not used until a code of it is confirmed. */
export async function startSecondFactor(operator: SessionOperator): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  await inTransaction(async (tx) => {
    const [row] = await tx.update(operators).set({ totpSecret: secret, totpLastStep: null })
      .where(and(eq(operators.id, operator.id), isNull(operators.totpEnabledAt))).returning({ id: operators.id });
    if (!row) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
    await recordAudit(tx, operator, 'operator:2fa-setup', `operator:${operator.username}`, null, null);
  });
  return { secret, uri: totpUri(operator.username, secret) };
}
