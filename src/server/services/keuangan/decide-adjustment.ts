import { addDays, jakartaDate } from '../../../lib/calendar';
import { adjustmentDecisionSchema } from '../../../lib/schemas/commission-control';
import { inTransaction } from '../../db/client';
import { grossBefore, npwpOnDay } from '../../db/queries/bonus-closing';
import {
  insertAdjustmentBonus,
  lockAdjustment,
  lockMemberForAdjustment,
  unpaidBalance,
  writeAdjustmentDecision,
} from '../../db/queries/commission-control';
import { type AdjustmentStatus, adjustmentMoveRefusal } from '../../domain/adjustment-status';
import { withholdIncrement } from '../../domain/bonus/pph21';
import { withholdingPeriodStart } from '../../domain/bonus/withholding';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { getPlan } from '../bonus/get-plan';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { debitTooLarge } from './create-adjustment';

export const ADJUSTMENT_NOT_FOUND = 'Penyesuaian tidak ditemukan';
export const ADJUSTMENT_APPROVED = 'Penyesuaian disetujui dan dicatat sebagai bonus ADJUSTMENT';
export const ADJUSTMENT_REJECTED = 'Penyesuaian ditolak';

/**
 * The checker's side (four-eyes): a second operator approves or rejects, through the transition
 * table. Approval writes the ADJUSTMENT bonus row dated today (Jakarta), withheld like any bonus of
 * that day (the plan's PPh basis, the NPWP in effect), so the month's BP21 counts it; a debit is a
 * negative row and may not take the unpaid balance below zero.
 */
export async function decideAdjustment(input: Record<string, unknown>, by: Actor): Promise<{ message: string }> {
  assertRole(by, ['KEUANGAN']);
  const form = parseWith(adjustmentDecisionSchema, input);
  const to: AdjustmentStatus = form.keputusan === 'setujui' ? 'disetujui' : 'ditolak';
  const plan = await getPlan();
  return inTransaction(async (tx) => {
    const adj = await lockAdjustment(tx, form.adjustment);
    if (!adj) throw new AppError('NOT_FOUND', ADJUSTMENT_NOT_FOUND);
    const refusal = adjustmentMoveRefusal({ status: adj.status, makerId: adj.pembuatId, checkerId: by.id, reason: form.catatan }, to);
    if (refusal) throw new AppError('CONFLICT', refusal);
    let bonusId: number | null = null;
    let tanggal: string | null = null;
    if (to === 'disetujui') {
      tanggal = jakartaDate();
      await lockMemberForAdjustment(tx, adj.memberId);
      const bruto = adj.jenis === 'DEBIT' ? -adj.nominal : adj.nominal;
      const npwp = await npwpOnDay(tx, [adj.memberId], tanggal);
      const before =
        plan.pphBasis === 'payment'
          ? 0
          : ((await grossBefore(tx, [adj.memberId], withholdingPeriodStart(tanggal, plan), addDays(tanggal, 1))).get(adj.memberId) ?? 0);
      const { pph, net } = withholdIncrement(before, bruto, npwp.get(adj.memberId) ?? false);
      if (net < 0) {
        const saldo = await unpaidBalance(tx, adj.memberId);
        if (saldo + net < 0) throw new AppError('CONFLICT', debitTooLarge(saldo));
      }
      bonusId = await insertAdjustmentBonus(tx, {
        memberId: adj.memberId,
        tanggal,
        bruto,
        pph,
        net,
        detail: [{ jenis: adj.jenis, alasan: adj.alasan, penyesuaian: adj.publicId }],
      });
    }
    await writeAdjustmentDecision(tx, adj.id, { status: to, by, catatan: form.catatan || null, tanggal, bonusId });
    await recordAudit(
      tx,
      by,
      to === 'disetujui' ? 'adjustment:approve' : 'adjustment:reject',
      `adjustment:${adj.publicId}`,
      { status: adj.status },
      {
        status: to,
        catatan: form.catatan || null,
      },
    );
    return { message: to === 'disetujui' ? ADJUSTMENT_APPROVED : ADJUSTMENT_REJECTED };
  });
}
