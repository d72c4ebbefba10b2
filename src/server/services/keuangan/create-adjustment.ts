import { rupiah } from '../../../lib/money-format';
import { adjustmentFormSchema } from '../../../lib/schemas/commission-control';
import { inTransaction } from '../../db/client';
import { insertAdjustment, lockMemberForAdjustment, memberByIdMember, unpaidBalance } from '../../db/queries/commission-control';
import { adjustmentMoveRefusal } from '../../domain/adjustment-status';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';

export const ADJUSTMENT_CREATED = 'Penyesuaian diajukan; menunggu persetujuan operator lain';
export const MEMBER_NOT_FOUND = 'Member tidak ditemukan';
/** COMP_PLAN.md: a member's balance never pays out below zero; a debit takes at most the unpaid balance. */
export const debitTooLarge = (saldo: number) =>
  `Debit melebihi saldo bonus member yang belum dibayar (${rupiah(saldo)}); saldo tidak boleh di bawah nol`;

/**
 * The maker's side of a manual adjustment (COMP_PLAN.md "Commission control"): a credit or debit
 * with a reason, waiting (diajukan) for a second operator. A debit above the member's unpaid
 * balance is refused now (and checked again when approved).
 */
export async function createAdjustment(input: Record<string, unknown>, by: Actor): Promise<{ public_id: string; message: string }> {
  assertRole(by, ['KEUANGAN']);
  const form = parseWith(adjustmentFormSchema, input);
  return inTransaction(async (tx) => {
    const member = await memberByIdMember(tx, form.id_member);
    if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
    const refusal = adjustmentMoveRefusal({ status: 'new', makerId: by.id, checkerId: by.id }, 'diajukan');
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (form.jenis === 'DEBIT') {
      await lockMemberForAdjustment(tx, member.id);
      const saldo = await unpaidBalance(tx, member.id);
      if (saldo < form.nominal) throw new AppError('CONFLICT', debitTooLarge(saldo));
    }
    const created = await insertAdjustment(tx, { memberId: member.id, jenis: form.jenis, nominal: form.nominal, alasan: form.alasan, by });
    await recordAudit(tx, by, 'adjustment:create', `adjustment:${created.publicId}`, null, {
      id_member: member.idMember,
      jenis: form.jenis,
      nominal: form.nominal,
      alasan: form.alasan,
    });
    return { public_id: created.publicId, message: ADJUSTMENT_CREATED };
  });
}
