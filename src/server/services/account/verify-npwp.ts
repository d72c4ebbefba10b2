import { eq } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { members } from '../../db/schema';
import { consumeToken } from '../auth/one-time-token';
import { VERIFY_MESSAGES, type VerificationResult } from './verify-bank';

/** Uses an e-mailed NPWP verification link once; the payload carries the NPWP to apply. */
export async function verifyNpwp(token: string): Promise<VerificationResult> {
  if (!token || token.length > 200) return { valid: false, message: VERIFY_MESSAGES.invalid };
  return inTransaction(async (tx) => {
    const used = await consumeToken(tx, token, 'verify-npwp');
    if (!used) return { valid: false, message: VERIFY_MESSAGES.invalid };
    const payload = (used.payload ?? {}) as { npwp?: string; nama_pemegang_pajak?: string };
    await tx.update(members).set({
      statusNpwp: 'VERIFIED',
      ...(payload.npwp ? { npwp: payload.npwp } : {}),
      ...(payload.nama_pemegang_pajak ? { namaPemegangPajak: payload.nama_pemegang_pajak } : {}),
    }).where(eq(members.id, used.memberId));
    return { valid: true, message: VERIFY_MESSAGES.npwpOk };
  });
}
