import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { operatorRecoveryCodes, operators } from '../../db/schema';
import { recoveryCodeHash, totpStep } from './totp';

export interface SecondFactorOwner { id: number; username: string; totpSecret: string | null }

/**
 * Accepts a code of the operator's authenticator (each 30-second code once: a conditional update
 * of the last step used) or, when `allowRecovery`, one unused recovery code (marked used). The
 * one check of a second-factor code: sign-in, the CLI token and the console's 2FA forms.
 */
export async function acceptSecondFactorCode(db: Db | Tx, operator: SecondFactorOwner, code: string, allowRecovery: boolean): Promise<'totp' | 'recovery' | undefined> {
  const typed = code.trim();
  if (!operator.totpSecret || !typed || typed.length > 40) return undefined;
  if (/^\d{6}$/.test(typed)) {
    const step = totpStep(operator.username, operator.totpSecret, typed);
    if (step === undefined) return undefined;
    const [used] = await db.update(operators).set({ totpLastStep: step })
      .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id });
    return used ? 'totp' : undefined;
  }
  if (!allowRecovery) return undefined;
  const [used] = await db.update(operatorRecoveryCodes).set({ usedAt: new Date() })
    .where(and(eq(operatorRecoveryCodes.operatorId, operator.id), eq(operatorRecoveryCodes.codeHash, recoveryCodeHash(typed)), isNull(operatorRecoveryCodes.usedAt)))
    .returning({ id: operatorRecoveryCodes.id });
  return used ? 'recovery' : undefined;
}
