import { getDb } from '../../db/client';
import { secondFactorState } from '../../db/queries/operators';
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
  const row = await secondFactorState(await getDb(), operator.id);
  return {
    secondFactor: row.enabledAt ? { enabledAt: row.enabledAt, recoveryCodesLeft: row.recoveryCodesLeft } : null,
    pendingSetup: row.secret && !row.enabledAt ? { secret: row.secret, uri: totpUri(operator.username, row.secret) } : null,
    isSecondFactorRequired: isSecondFactorRequired(operator.role, isProduction()),
  };
}
