import { getDb } from '../../db/client';
import { memberBankAccount, setNpwpChangeExpiry, waitingNpwpChange } from '../../db/queries/account';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';
import { sendVerification } from './send-verification';

export const VERIFICATION_RESENT = 'Link verifikasi telah dikirim ulang ke email Anda';

/** Sends a fresh bank link; the old one stops working. */
export async function resendBankVerification(member: SessionMember, publicId: string | undefined): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  const row = await memberBankAccount(db, member.id);
  if (!row?.noRekening) throw new AppError('BAD_INPUT', 'Rekening bank belum diisi');
  if (row.status === 'VERIFIED') throw new AppError('CONFLICT', 'Rekening bank sudah terverifikasi');
  await sendVerification('bank', member, { no_rekening: row.noRekening });
  return VERIFICATION_RESENT;
}

/** Sends a fresh link for the newest unverified NPWP change. */
export async function resendNpwpVerification(member: SessionMember, publicId: string | undefined): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  const change = await waitingNpwpChange(db, member.id);
  if (!change) throw new AppError('BAD_INPUT', 'Tidak ada perubahan NPWP yang menunggu verifikasi');
  const { expiresAt } = await sendVerification('npwp', member, { change_id: change.id });
  await setNpwpChangeExpiry(db, change.id, expiresAt);
  return VERIFICATION_RESENT;
}
