import { accountMessages, type BankInput } from '../../../lib/schemas/account';
import { getDb } from '../../db/client';
import { updateMember } from '../../db/queries/account';
import { bankName } from '../../domain/banks';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';
import { sendVerification } from './send-verification';

export const BANK_SAVED = 'Data rekening berhasil disimpan. Silakan klik link verifikasi yang dikirim ke email Anda.';

/** A new bank account is UNVERIFIED until the e-mailed link is opened. */
export async function updateBank(member: SessionMember, publicId: string | undefined, input: BankInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  if (!bankName(input.kode_bank))
    throw new AppError('BAD_INPUT', accountMessages.bankRequired, { kode_bank: accountMessages.bankRequired });
  const db = await getDb();
  await updateMember(db, member.id, {
    kodeBank: input.kode_bank,
    namaRekening: input.nama_rekening,
    noRekening: input.no_rekening,
    cabang: input.cabang ?? null,
    statusRekening: 'UNVERIFIED',
  });
  await sendVerification('bank', member, { no_rekening: input.no_rekening });
  return BANK_SAVED;
}
