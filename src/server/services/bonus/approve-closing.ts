import { inTransaction } from '../../db/client';
import { dropClosingUndo, lockClosedDay, markClosingApproved } from '../../db/queries/closing-drafts';
import { closingMoveRefusal } from '../../domain/closing-status';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { getPlan } from './get-plan';
import { queueAutoWithdrawals } from './payouts';

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * "Setujui" a day's draft closing (KEUANGAN): from now on its bonuses are payable. Four-eyes: the
 * operator who started the draft may not approve it; a draft of the scheduler or a command may be
 * approved by any KEUANGAN operator. `auto` is the scheduler's approval after the setting's
 * hours, measured at its clock (auto-approve-closings.ts). Members with auto-withdraw get their payout queued
 * in the same transaction, as the closing itself would have done.
 */
export async function approveClosing(by: Actor, tanggal: string, auto?: { jam: number; now: Date }): Promise<void> {
  const via = auto ? 'auto' : 'operator';
  assertRole(by, ['KEUANGAN']);
  if (!isDate(tanggal)) throw new AppError('BAD_INPUT', 'Tanggal harus berformat YYYY-MM-DD');
  const plan = await getPlan();
  await inTransaction(async (tx) => {
    const day = await lockClosedDay(tx, tanggal);
    if (!day) throw new AppError('NOT_FOUND', `Tanggal ${tanggal} belum ditutup`);
    const refused = closingMoveRefusal(
      {
        tanggal,
        status: day.status,
        dibuatOleh: day.dibuatOleh,
        olehId: by.id,
        via,
        umurJam: auto ? (auto.now.getTime() - day.closedAt.getTime()) / 3_600_000 : undefined,
        autoApproveJam: auto?.jam,
      },
      'APPROVED',
    );
    if (refused) throw new AppError('CONFLICT', refused);
    await markClosingApproved(tx, tanggal, by);
    await dropClosingUndo(tx, tanggal);
    await recordAudit(
      tx,
      by,
      'closing:approve',
      `hari:${tanggal}`,
      { status: day.status },
      { status: 'APPROVED', otomatis: via === 'auto' },
    );
    await queueAutoWithdrawals(tx, plan);
  });
}
