import { inTransaction } from '../../db/client';
import { lockClosing } from '../../db/queries/bonus-closing';
import { discardDraftClosing, hasClosingUndo, lockClosedDay, slipsSinceClosing } from '../../db/queries/closing-drafts';
import { closingMoveRefusal } from '../../domain/closing-status';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { type CloseResult, closeDay } from './close-day';

export const RECOMPUTE_MESSAGES = {
  slipsIssued: (tanggal: string) =>
    `Closing ${tanggal} sudah menerbitkan bukti potong PPh 21; draft ini tidak bisa dihitung ulang, setujui lalu koreksi lewat closing berikutnya`,
  noUndo: (tanggal: string) => `Closing ${tanggal} tidak menyimpan data pembatalannya; draft ini tidak bisa dihitung ulang`,
} as const;

/**
 * "Hitung ulang" (KEUANGAN): the last closed day's draft is discarded — its bonuses, the counting
 * of its orders and refunds, and the counters it moved, all taken back in one audited
 * transaction — and the day is computed again as a new draft by this operator (so another operator
 * approves it). An approved day is final; a draft that issued tax slips is not taken back.
 */
export async function recomputeClosing(by: Actor, tanggal: string): Promise<CloseResult> {
  assertRole(by, ['KEUANGAN']);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(tanggal)) throw new AppError('BAD_INPUT', 'Tanggal harus berformat YYYY-MM-DD');
  await inTransaction(async (tx) => {
    await lockClosing(tx);
    const day = await lockClosedDay(tx, tanggal);
    if (!day) throw new AppError('NOT_FOUND', `Tanggal ${tanggal} belum ditutup`);
    const refused = closingMoveRefusal(
      { tanggal, status: day.status, dibuatOleh: day.dibuatOleh, olehId: by.id, via: 'operator', terakhir: day.terakhir },
      'none',
    );
    if (refused) throw new AppError('CONFLICT', refused);
    if (!(await hasClosingUndo(tx, tanggal))) throw new AppError('CONFLICT', RECOMPUTE_MESSAGES.noUndo(tanggal));
    if ((await slipsSinceClosing(tx, tanggal)) > 0) throw new AppError('CONFLICT', RECOMPUTE_MESSAGES.slipsIssued(tanggal));
    const { bonuses } = await discardDraftClosing(tx, tanggal);
    await recordAudit(tx, by, 'closing:discard', `hari:${tanggal}`, { status: 'DRAFT', bonus: bonuses }, { status: 'dibatalkan' });
  });
  return closeDay(tanggal, undefined, by);
}
