import { holdFormSchema } from '../../../lib/schemas/commission-control';
import { inTransaction } from '../../db/client';
import { insertHold, liveHold, lockMemberBonus, memberByIdMember } from '../../db/queries/commission-control';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';

export const HOLD_MESSAGES = {
  memberNotFound: 'Member tidak ditemukan',
  bonusNotFound: 'Bonus tidak ditemukan pada member ini',
  paid: 'Bonus sudah dibayar; tidak dapat ditahan',
  inBatch: (no: string) => `Bonus sudah masuk batch transfer ${no}; hanya jawaban bank atau penyedia yang dapat menggagalkannya`,
  already: 'Sudah ditahan',
  memberHeld: (id: string) => `Penarikan member ${id} ditahan`,
  bonusHeld: (id: string, tanggal: string, jenis: string) => `Bonus ${jenis} ${tanggal} member ${id} ditahan`,
} as const;

/**
 * KEUANGAN holds a member's payouts (no bonus given: all their bonuses) or one unpaid bonus, with a
 * reason (COMP_PLAN.md "Commission control"): held bonuses stay unpaid and out of payouts and
 * batches until released. A bonus already in a bank or provider batch is the bank's to answer.
 */
export async function holdPayouts(input: Record<string, unknown>, by: Actor): Promise<{ id: number; message: string }> {
  assertRole(by, ['KEUANGAN']);
  const form = parseWith(holdFormSchema, input);
  return inTransaction(async (tx) => {
    const member = await memberByIdMember(tx, form.id_member);
    if (!member) throw new AppError('NOT_FOUND', HOLD_MESSAGES.memberNotFound);
    let bonus: Awaited<ReturnType<typeof lockMemberBonus>>;
    if (form.bonus) {
      bonus = await lockMemberBonus(tx, member.id, form.bonus);
      if (!bonus) throw new AppError('NOT_FOUND', HOLD_MESSAGES.bonusNotFound);
      if (bonus.statusTransfer !== 'PENDING') throw new AppError('CONFLICT', HOLD_MESSAGES.paid);
      if (bonus.batchNo) throw new AppError('CONFLICT', HOLD_MESSAGES.inBatch(bonus.batchNo));
    }
    const bonusId = bonus?.id ?? null;
    if ((await liveHold(tx, member.id, bonusId)) !== undefined) throw new AppError('CONFLICT', HOLD_MESSAGES.already);
    const id = await insertHold(tx, { memberId: member.id, bonusId, alasan: form.alasan, by });
    await recordAudit(tx, by, 'bonus:hold', bonus ? `bonus:${form.bonus}` : `member:${member.idMember}`, null, {
      hold: id,
      alasan: form.alasan,
    });
    return {
      id,
      message: bonus
        ? HOLD_MESSAGES.bonusHeld(member.idMember, bonus.tanggal, bonus.jenisBonus)
        : HOLD_MESSAGES.memberHeld(member.idMember),
    };
  });
}
