import { getDb } from '../../db/client';
import { updateMember } from '../../db/queries/account';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

export const KODE_ETIK_MESSAGES = {
  mustAgree: 'Centang persetujuan kode etik terlebih dahulu',
  accepted: 'Terima kasih, kode etik telah disetujui',
} as const;

/** Records the member's acceptance of the code of ethics; only for their own account. */
export async function acceptCodeOfEthics(member: SessionMember, publicId: string, agreed: boolean): Promise<string> {
  if (publicId !== member.publicId) throw new AppError('FORBIDDEN', 'Akses ditolak');
  if (!agreed) throw new AppError('BAD_INPUT', KODE_ETIK_MESSAGES.mustAgree);
  const db = await getDb();
  await updateMember(db, member.id, { statusKodeetik: true });
  return KODE_ETIK_MESSAGES.accepted;
}
