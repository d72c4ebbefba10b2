import { getDb, inTransaction } from '../../db/client';
import { bankValidations, upsertBankValidation } from '../../db/queries/payouts';
import { bankCodeOf } from '../../domain/banks';
import type { PayoutProvider } from '../../integrations/payout';
import type { Actor } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';

export interface PayoutAccount {
  bankNama: string | null;
  noRekening: string | null;
  namaRekening: string | null;
}

const keyOf = (kode: string, rekening: string) => `${kode}:${rekening}`;

/**
 * Validates, with the provider's account validation, every account among these that was never
 * validated (before the first payout to it); each answer is stored and audited in its own
 * transaction. Answers, per account key (kode:rekening), why it may not be paid (undefined: valid).
 */
export async function validatePayoutAccounts(
  provider: PayoutProvider,
  accounts: PayoutAccount[],
  by: Actor,
): Promise<Map<string, string | undefined>> {
  const wanted = new Map<string, { kodeBank: string; noRekening: string; nama: string }>();
  for (const a of accounts) {
    const kode = bankCodeOf(a.bankNama);
    if (kode && a.noRekening)
      wanted.set(keyOf(kode, a.noRekening), { kodeBank: kode, noRekening: a.noRekening, nama: a.namaRekening ?? '' });
  }
  const known = await bankValidations(await getDb(), [...wanted.values()]);
  const result = new Map<string, string | undefined>();
  for (const v of known) result.set(keyOf(v.kodeBank, v.noRekening), v.valid ? undefined : `rekening tidak valid: ${v.pesan ?? ''}`.trim());
  for (const [key, a] of wanted) {
    if (result.has(key)) continue;
    const answer = await provider.validateAccount(a.kodeBank, a.noRekening, a.nama);
    const row = {
      kodeBank: a.kodeBank,
      noRekening: a.noRekening,
      provider: provider.name,
      valid: answer.valid,
      namaBank: answer.valid ? answer.accountName : null,
      pesan: answer.valid ? null : answer.message,
    };
    await inTransaction(async (tx) => {
      await upsertBankValidation(tx, row);
      await recordAudit(tx, by, 'rekening:validasi', `rekening:${a.kodeBank}-${a.noRekening}`, null, {
        valid: row.valid,
        nama_bank: row.namaBank,
        pesan: row.pesan,
        provider: provider.name,
      });
    });
    result.set(key, answer.valid ? undefined : `rekening tidak valid: ${answer.message}`);
  }
  return result;
}

/** The account's key for validatePayoutAccounts' answer, or undefined when bank or number is missing. */
export const payoutAccountKey = (a: PayoutAccount): string | undefined => {
  const kode = bankCodeOf(a.bankNama);
  return kode && a.noRekening ? keyOf(kode, a.noRekening) : undefined;
};
