import { inTransaction } from '../../db/client';
import { applyNpwpChange, scheduleNpwpChange, waitingNpwpChange } from '../../db/queries/account';
import { consumeToken } from '../auth/one-time-token';
import { recordNpwpReplaced } from '../tax/npwp-status';
import { isBonusAvailable } from './is-bonus-available';
import { VERIFY_MESSAGES, type VerificationResult } from './verify-bank';

export const NPWP_NEXT_MONTH = 'NPWP berhasil diverifikasi dan berlaku mulai tanggal 1 bulan depan';

/** Uses an e-mailed NPWP link once: applies the pending change now, or on the 1st of next month. */
export async function verifyNpwp(token: string): Promise<VerificationResult> {
  if (!token || token.length > 200) return { valid: false, message: VERIFY_MESSAGES.invalid };
  return inTransaction(async (tx) => {
    const used = await consumeToken(tx, token, 'verify-npwp');
    if (!used) return { valid: false, message: VERIFY_MESSAGES.invalid };
    const changeId = Number((used.payload as { change_id?: number } | null)?.change_id);
    const change = await waitingNpwpChange(tx, used.memberId, changeId);
    if (!change) return { valid: false, message: VERIFY_MESSAGES.invalid };
    // The link proves the address, not the number: a replaced verified NPWP stops counting (dated).
    await recordNpwpReplaced(tx, used.memberId, change.npwp, new Date());
    if (await isBonusAvailable(tx, used.memberId)) {
      await scheduleNpwpChange(tx, change.id);
      return { valid: true, message: NPWP_NEXT_MONTH };
    }
    await applyNpwpChange(tx, used.memberId, change);
    return { valid: true, message: VERIFY_MESSAGES.npwpOk };
  });
}
