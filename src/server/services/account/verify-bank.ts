import { inTransaction } from '../../db/client';
import { memberBankAccount, updateMember } from '../../db/queries/account';
import { consumeToken } from '../auth/one-time-token';

export interface VerificationResult {
  valid: boolean;
  message: string;
}

export const VERIFY_MESSAGES = {
  bankOk: 'Rekening bank berhasil diverifikasi',
  npwpOk: 'NPWP berhasil diverifikasi',
  invalid: 'Link verifikasi tidak valid, sudah digunakan, atau sudah kedaluwarsa',
} as const;

/**
 * Uses an e-mailed bank verification link once. The token's payload holds the account data that
 * was entered, so a later edit without verification cannot ride on an older link.
 */
export async function verifyBank(token: string): Promise<VerificationResult> {
  if (!token || token.length > 200) return { valid: false, message: VERIFY_MESSAGES.invalid };
  return inTransaction(async (tx) => {
    const used = await consumeToken(tx, token, 'verify-bank');
    if (!used) return { valid: false, message: VERIFY_MESSAGES.invalid };
    const payload = (used.payload ?? {}) as { no_rekening?: string };
    const current = await memberBankAccount(tx, used.memberId);
    if (payload.no_rekening && current?.noRekening !== payload.no_rekening) return { valid: false, message: VERIFY_MESSAGES.invalid };
    await updateMember(tx, used.memberId, { statusRekening: 'VERIFIED' });
    return { valid: true, message: VERIFY_MESSAGES.bankOk };
  });
}
