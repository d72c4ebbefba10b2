import type { NpwpInput } from '../../../lib/schemas/account';
import { inTransaction } from '../../db/client';
import { cancelWaitingNpwpChanges, insertNpwpChange } from '../../db/queries/account';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';
import { sendVerification } from './send-verification';

export const NPWP_SAVED = 'Perubahan NPWP disimpan. Silakan klik link verifikasi yang dikirim ke email Anda.';

/**
 * An NPWP change is accepted at any time (COMP_PLAN.md) and waits as pending until its e-mailed
 * link is opened (verify-npwp applies it, or schedules it for the 1st of next month when a bonus
 * was already calculated this month). Withholding uses the status in effect on each bonus's date.
 */
export async function updateNpwp(member: SessionMember, publicId: string | undefined, input: NpwpInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  const id = await inTransaction(async (tx) => {
    await cancelWaitingNpwpChanges(tx, member.id);
    const expires = new Date(Date.now() + 24 * 3_600_000);
    return insertNpwpChange(tx, { memberId: member.id, npwp: input.npwp, namaPemegangPajak: input.nama_pemegang_pajak, expireAt: expires });
  });
  await sendVerification('npwp', member, { change_id: id });
  return NPWP_SAVED;
}
