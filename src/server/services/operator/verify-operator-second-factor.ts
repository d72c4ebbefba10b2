import { getDb } from '../../db/client';
import { AppError } from '../../errors';
import { getSetting } from '../settings';
import { clearFailures, lockedMinutes, recordFailure } from '../auth/rate-limit';
import { signInMessages } from '../auth/sign-in';
import { acceptSecondFactorCode } from './second-factor-code';

export const SECOND_FACTOR_NEEDED = 'Masukkan kode dari aplikasi autentikator atau salah satu kode pemulihan';
export const SECOND_FACTOR_WRONG = 'Kode verifikasi salah atau sudah dipakai';

/**
 * The sign-in's second step (console and CLI token), after a correct password: an operator with
 * two-factor sign-in on must add a current authenticator code or an unused recovery code. Wrong
 * codes are counted on a key of their own per operator and lock it like wrong passwords do;
 * only someone who knows the password can reach this count.
 */
export async function verifyOperatorSecondFactor(
  operator: { id: number; username: string; totpSecret: string | null; totpEnabledAt: Date | null },
  code: string | undefined,
): Promise<void> {
  if (!operator.totpEnabledAt) return;
  const key = `operator-2fa:${operator.id}`;
  const locked = await lockedMinutes(key);
  if (locked > 0) throw new AppError('RATE_LIMITED', signInMessages.locked(locked));
  if (!code?.trim()) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_NEEDED, { kode: SECOND_FACTOR_NEEDED });
  if (await acceptSecondFactorCode(await getDb(), operator, code, true)) {
    await clearFailures(key);
    return;
  }
  await recordFailure(key, await getSetting('login_max_failures_per_account'));
  throw new AppError('UNAUTHORIZED', SECOND_FACTOR_WRONG, { kode: SECOND_FACTOR_WRONG });
}
