import { accountMessages, type BankInput } from '../../../lib/schemas/account';
import { getDb } from '../../db/client';
import { type MemberChanges, updateMember } from '../../db/queries/account';
import { bankName } from '../../domain/banks';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';
import { sendVerification } from './send-verification';

export const BANK_SAVED = 'Data rekening berhasil disimpan. Silakan klik link verifikasi yang dikirim ke email Anda.';

/**
 * The rule of a bank account change, whoever makes it (the member, or CS for them): a known bank,
 * and the new account is UNVERIFIED until the e-mailed link is opened (mailBankVerification).
 */
export function bankChanges(input: BankInput): MemberChanges {
  if (!bankName(input.kode_bank))
    throw new AppError('BAD_INPUT', accountMessages.bankRequired, { kode_bank: accountMessages.bankRequired });
  return {
    kodeBank: input.kode_bank,
    namaRekening: input.nama_rekening,
    noRekening: input.no_rekening,
    cabang: input.cabang ?? null,
    statusRekening: 'UNVERIFIED',
  };
}

/** The verification link of a changed bank account, sent after the change is saved. */
export async function mailBankVerification(member: { id: number; email: string; nama: string }, input: BankInput): Promise<void> {
  await sendVerification('bank', member, { no_rekening: input.no_rekening });
}

/** A new bank account is UNVERIFIED until the e-mailed link is opened. */
export async function updateBank(member: SessionMember, publicId: string | undefined, input: BankInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  const changes = bankChanges(input);
  await updateMember(await getDb(), member.id, changes);
  await mailBankVerification(member, input);
  return BANK_SAVED;
}
