import type { Db, Tx } from '../../db/client';
import { spendRecoveryCode, spendTotpStep } from '../../db/queries/operators';
import { recoveryCodeHash, totpStep } from './totp';

export interface SecondFactorOwner {
  id: number;
  username: string;
  totpSecret: string | null;
}

/**
 * Accepts a code of the operator's authenticator (each 30-second code once: a conditional update
 * of the last step used) or, when `allowRecovery`, one unused recovery code (marked used). The
 * one check of a second-factor code: sign-in, the CLI token and the console's 2FA forms.
 */
export async function acceptSecondFactorCode(
  db: Db | Tx,
  operator: SecondFactorOwner,
  code: string,
  allowRecovery: boolean,
): Promise<'totp' | 'recovery' | undefined> {
  const typed = code.trim();
  if (!operator.totpSecret || !typed || typed.length > 40) return undefined;
  if (/^\d{6}$/.test(typed)) {
    const step = totpStep(operator.username, operator.totpSecret, typed);
    if (step === undefined) return undefined;
    return (await spendTotpStep(db, operator.id, step)) ? 'totp' : undefined;
  }
  if (!allowRecovery) return undefined;
  return (await spendRecoveryCode(db, operator.id, recoveryCodeHash(typed))) ? 'recovery' : undefined;
}
