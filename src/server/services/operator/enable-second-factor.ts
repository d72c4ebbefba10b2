import { TotpCodeSchema } from '../../../lib/schemas/operator-account';
import { inTransaction } from '../../db/client';
import { confirmSecondFactor, lockSecondFactor } from '../../db/queries/operators';
import { AppError } from '../../errors';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { acceptSecondFactorCode } from './second-factor-code';
import { SECOND_FACTOR_ALREADY_ON } from './start-second-factor';
import { newRecoveryCodes, recoveryCodeHash } from './totp';

export const SETUP_NOT_STARTED = 'Mulai penyiapan verifikasi dua langkah terlebih dahulu';
export const SETUP_CODE_WRONG = 'Kode tidak cocok; periksa jam ponsel dan coba kode yang baru';

/**
 * Confirms the setup with a code from the app: two-factor sign-in is on from now, and the
 * recovery codes are returned once (only their hashes are kept).
 */
export async function enableSecondFactor(operator: SessionOperator, code: string): Promise<{ recoveryCodes: string[] }> {
  const parsed = TotpCodeSchema.safeParse(code);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]!.message, { kode: parsed.error.issues[0]!.message });
  const recoveryCodes = newRecoveryCodes();
  await inTransaction(async (tx) => {
    const row = await lockSecondFactor(tx, operator.id);
    if (row?.enabledAt) throw new AppError('CONFLICT', SECOND_FACTOR_ALREADY_ON);
    if (!row?.secret) throw new AppError('CONFLICT', SETUP_NOT_STARTED);
    if (!(await acceptSecondFactorCode(tx, { id: operator.id, username: operator.username, totpSecret: row.secret }, parsed.data, false))) {
      throw new AppError('BAD_INPUT', SETUP_CODE_WRONG, { kode: SETUP_CODE_WRONG });
    }
    await confirmSecondFactor(tx, operator.id, recoveryCodes.map(recoveryCodeHash));
    await recordAudit(
      tx,
      operator,
      'operator:2fa-enable',
      `operator:${operator.username}`,
      { second_factor: false },
      { second_factor: true },
    );
  });
  return { recoveryCodes };
}
