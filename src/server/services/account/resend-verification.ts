import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { members, npwpChanges } from '../../db/schema';
import { AppError } from '../../errors';
import { and, desc, gt, sql } from 'drizzle-orm';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';
import { sendVerification } from './send-verification';

export const VERIFICATION_RESENT = 'Link verifikasi telah dikirim ulang ke email Anda';

/** Sends a fresh bank link; the old one stops working. */
export async function resendBankVerification(member: SessionMember, publicId: string | undefined): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  const [row] = await db.select({ noRekening: members.noRekening, status: members.statusRekening }).from(members).where(eq(members.id, member.id));
  if (!row?.noRekening) throw new AppError('BAD_INPUT', 'Rekening bank belum diisi');
  if (row.status === 'VERIFIED') throw new AppError('CONFLICT', 'Rekening bank sudah terverifikasi');
  await sendVerification('bank', member, { no_rekening: row.noRekening });
  return VERIFICATION_RESENT;
}

/** Sends a fresh link for the newest unverified NPWP change. */
export async function resendNpwpVerification(member: SessionMember, publicId: string | undefined): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  const [change] = await db.select().from(npwpChanges)
    .where(and(eq(npwpChanges.memberId, member.id), eq(npwpChanges.status, 'UNVERIFIED'), gt(npwpChanges.expireAt, sql`now()`)))
    .orderBy(desc(npwpChanges.id)).limit(1);
  if (!change) throw new AppError('BAD_INPUT', 'Tidak ada perubahan NPWP yang menunggu verifikasi');
  const { expiresAt } = await sendVerification('npwp', member, { change_id: change.id });
  await db.update(npwpChanges).set({ expireAt: expiresAt }).where(eq(npwpChanges.id, change.id));
  return VERIFICATION_RESENT;
}
