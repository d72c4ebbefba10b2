import { and, eq, gt, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { members, npwpChanges } from '../../db/schema';
import { consumeToken } from '../auth/one-time-token';
import { isBonusAvailable } from './is-bonus-available';
import { VERIFY_MESSAGES, type VerificationResult } from './verify-bank';
import { recordNpwpReplaced } from '../tax/npwp-status';

export const NPWP_NEXT_MONTH = 'NPWP berhasil diverifikasi dan berlaku mulai tanggal 1 bulan depan';

/** Uses an e-mailed NPWP link once: applies the pending change now, or on the 1st of next month. */
export async function verifyNpwp(token: string): Promise<VerificationResult> {
  if (!token || token.length > 200) return { valid: false, message: VERIFY_MESSAGES.invalid };
  return inTransaction(async (tx) => {
    const used = await consumeToken(tx, token, 'verify-npwp');
    if (!used) return { valid: false, message: VERIFY_MESSAGES.invalid };
    const changeId = Number((used.payload as { change_id?: number } | null)?.change_id);
    const [change] = await tx.select().from(npwpChanges).where(and(
      eq(npwpChanges.id, changeId), eq(npwpChanges.memberId, used.memberId),
      eq(npwpChanges.status, 'UNVERIFIED'), gt(npwpChanges.expireAt, sql`now()`),
    ));
    if (!change) return { valid: false, message: VERIFY_MESSAGES.invalid };
    // The link proves the address, not the number: a replaced verified NPWP stops counting (dated).
    await recordNpwpReplaced(tx, used.memberId, change.npwp, new Date());
    if (await isBonusAvailable(tx, used.memberId)) {
      await tx.update(npwpChanges).set({
        status: 'VERIFIED',
        effectiveAt: sql`(date_trunc('month', now() at time zone 'Asia/Jakarta') + interval '1 month')::date`,
      }).where(eq(npwpChanges.id, change.id));
      return { valid: true, message: NPWP_NEXT_MONTH };
    }
    await tx.update(members).set({ npwp: change.npwp, namaPemegangPajak: change.namaPemegangPajak, statusNpwp: 'VERIFIED' })
      .where(eq(members.id, used.memberId));
    await tx.update(npwpChanges).set({ status: 'APPLIED' }).where(eq(npwpChanges.id, change.id));
    return { valid: true, message: VERIFY_MESSAGES.npwpOk };
  });
}
