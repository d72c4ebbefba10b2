import { inTransaction } from '../../db/client';
import { releaseHoldRow } from '../../db/queries/commission-control';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';

export const HOLD_RELEASED = 'Penahanan dilepas; bonusnya dapat ditarik kembali';
export const HOLD_NOT_LIVE = 'Penahanan tidak ditemukan atau sudah dilepas';

/** KEUANGAN releases a live hold: its bonuses are payable again (audited, with the hold's reason). */
export async function releaseHold(holdId: number, by: Actor): Promise<{ message: string }> {
  assertRole(by, ['KEUANGAN']);
  if (!Number.isSafeInteger(holdId) || holdId <= 0) throw new AppError('NOT_FOUND', HOLD_NOT_LIVE);
  return inTransaction(async (tx) => {
    const released = await releaseHoldRow(tx, holdId, by.nama);
    if (!released) throw new AppError('NOT_FOUND', HOLD_NOT_LIVE);
    await recordAudit(tx, by, 'bonus:release', `hold:${holdId}`, { alasan: released.alasan, bonus_id: released.bonusId }, null);
    return { message: HOLD_RELEASED };
  });
}
