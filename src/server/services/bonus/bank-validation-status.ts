import { getDb } from '../../db/client';
import { bankValidations, payoutAccountOf } from '../../db/queries/payouts';
import type { SessionMember } from '../auth/session-member';

/**
 * The disbursement provider's validation of the member's current bank account (done before the
 * first payout to it): "Terverifikasi" with the holder's name as the bank knows it, or why the bank
 * did not know it; undefined while not validated yet.
 */
export async function bankValidationStatus(
  member: SessionMember,
): Promise<{ valid: boolean; nama_bank: string | null; pesan: string | null } | undefined> {
  const db = await getDb();
  const account = await payoutAccountOf(db, member.id);
  if (!account?.kodeBank || !account.noRekening) return undefined;
  const [v] = await bankValidations(db, [{ kodeBank: account.kodeBank, noRekening: account.noRekening }]);
  return v ? { valid: v.valid, nama_bank: v.namaBank, pesan: v.pesan } : undefined;
}
