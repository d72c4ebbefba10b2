import { and, count, eq, isNull } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { operatorRecoveryCodes, operators } from '../../db/schema';
import { isSecondFactorRequired } from '../../domain/operator-second-factor';
import { isProduction } from '../../mode';
import type { SessionOperator } from './operator-sessions';
import { totpUri } from './totp';

export interface OperatorAccount {
  secondFactor: { enabledAt: Date; recoveryCodesLeft: number } | null;
  /** A setup started and not yet confirmed: what the operator types into the authenticator app. */
  pendingSetup: { secret: string; uri: string } | null;
  isSecondFactorRequired: boolean;
}

/** The signed-in operator's own account page (/admin/akun); the secret is shown only to its owner, only before it is confirmed. */
export async function getOperatorAccount(operator: SessionOperator): Promise<OperatorAccount> {
  const db = await getDb();
  const [row] = await db.select({ secret: operators.totpSecret, enabledAt: operators.totpEnabledAt }).from(operators).where(eq(operators.id, operator.id));
  const [left] = await db.select({ n: count() }).from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, operator.id), isNull(operatorRecoveryCodes.usedAt)));
  return {
    secondFactor: row?.enabledAt ? { enabledAt: row.enabledAt, recoveryCodesLeft: left?.n ?? 0 } : null,
    pendingSetup: row?.secret && !row.enabledAt ? { secret: row.secret, uri: totpUri(operator.username, row.secret) } : null,
    isSecondFactorRequired: isSecondFactorRequired(operator.role, isProduction()),
  };
}
