import { getDb } from '../../db/client';
import { AppError } from '../../errors';
import { reserveAttempt, succeed } from '../auth/throttle';
import { acceptSecondFactorCode } from './second-factor-code';

export const SECOND_FACTOR_NEEDED = 'Masukkan kode dari aplikasi autentikator atau salah satu kode pemulihan';
export const SECOND_FACTOR_WRONG = 'Kode verifikasi salah atau sudah dipakai';

/**
 * The sign-in's second step (console and CLI token), after a correct password: an operator with
 * two-factor sign-in on must add a current authenticator code or an unused recovery code. Each
 * code is reserved first on the throttle's per-operator counter (auth/throttle.ts), so wrong
 * codes lock it like wrong passwords do, in parallel too; only someone who knows the password
 * can reach this count.
 */
export async function verifyOperatorSecondFactor(
  operator: { id: number; username: string; totpSecret: string | null; totpEnabledAt: Date | null },
  code: string | undefined,
): Promise<void> {
  if (!operator.totpEnabledAt) return;
  if (!code?.trim()) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_NEEDED, { kode: SECOND_FACTOR_NEEDED });
  const attempt = await reserveAttempt('operator-second-factor', { account: operator.id });
  if (await acceptSecondFactorCode(await getDb(), operator, code, true)) {
    await succeed(attempt);
    return;
  }
  throw new AppError('UNAUTHORIZED', SECOND_FACTOR_WRONG, { kode: SECOND_FACTOR_WRONG });
}
