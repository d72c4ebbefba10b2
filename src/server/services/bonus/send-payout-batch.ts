import { randomUUID } from 'node:crypto';
import { getDb, inTransaction } from '../../db/client';
import {
  insertPayoutBatch,
  lockPayoutsForBatch,
  lockProviderBatch,
  payoutBatchNo,
  providerBatchPayouts,
  recordPayoutReferences,
} from '../../db/queries/payouts';
import { bankCodeOf } from '../../domain/banks';
import { batchExclusion } from '../../domain/payout-status';
import { AppError } from '../../errors';
import { type PayoutProvider, PayoutProviderError, payoutProvider } from '../../integrations/payout';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { BATCH_MESSAGES } from './export-payout-batch';
import { movePayout, tryMovePayout } from './move-payout';
import { movePayoutBatch } from './move-payout-batch';
import { payoutAccountKey, validatePayoutAccounts } from './validate-payout-accounts';

export const SEND_MESSAGES = {
  noProvider: 'Penyedia transfer belum diatur (PAYOUT_PROVIDER=manual): ekspor batch CSV untuk bank',
  sending: (no: string) =>
    `Batch ${no} belum mendapat jawaban penyedia transfer; dikirim ulang otomatis dengan kunci yang sama (tidak dibayar dua kali)`,
} as const;

export interface SentBatch {
  no: string;
  jumlah_payout: number;
  total_nominal: number;
  status: 'sent' | 'sending' | 'completed';
  dilewati: { no: string; alasan: string }[];
  pesan?: string;
}

/** Iris keeps an idempotency key 24 hours: a batch still unanswered later is never sent again blindly. */
const KEY_LIFETIME_MS = 23 * 3_600_000;

/**
 * "Kirim ke penyedia transfer" (the maker, KEUANGAN): the chosen payouts that may go to the bank
 * (as a CSV export: queued or processed, in no batch, member not suspended, bank data complete)
 * and whose account the provider validated (validated now before the first payout to it) are
 * processed and put in a provider's batch with a fresh idempotency key, all in one transaction
 * and audited, BEFORE anything is sent. Then the batch is delivered (deliverPayoutBatch). The money
 * leaves only when a second operator approves (approve-payout-batch.ts).
 */
export async function sendPayoutBatch(chosen: string[], by: Actor): Promise<SentBatch> {
  assertRole(by, ['KEUANGAN']);
  const provider = payoutProvider();
  if (!provider) throw new AppError('BAD_INPUT', SEND_MESSAGES.noProvider);
  const nos = [...new Set(chosen.map((n) => n.trim()).filter(Boolean))];
  if (nos.length === 0) throw new AppError('BAD_INPUT', BATCH_MESSAGES.none);
  if (nos.length > 500) throw new AppError('BAD_INPUT', BATCH_MESSAGES.tooMany);
  // Account validation talks to the provider: before the transaction, never inside it.
  const preview = await inTransaction((tx) => lockPayoutsForBatch(tx, nos));
  const validity = await validatePayoutAccounts(
    provider,
    preview.filter(
      (r) =>
        !batchExclusion({
          no: r.no,
          status: r.status,
          batchNo: r.batchId === null ? null : String(r.batchId),
          memberSuspended: r.isSuspended,
          held: r.ditahan,
        }),
    ),
    by,
  );
  const key = randomUUID();
  const batch = await inTransaction(async (tx) => {
    const rows = await lockPayoutsForBatch(tx, nos);
    const dilewati = nos.filter((n) => !rows.some((r) => r.no === n)).map((no) => ({ no, alasan: 'tidak ditemukan' }));
    const taken: string[] = [];
    for (const r of rows) {
      const account = payoutAccountKey(r);
      const alasan =
        batchExclusion({
          no: r.no,
          status: r.status,
          batchNo: r.batchId === null ? null : String(r.batchId),
          memberSuspended: r.isSuspended,
          held: r.ditahan,
        }) ??
        (!bankCodeOf(r.bankNama) || !r.noRekening || !r.namaRekening || !account ? 'data rekening tidak lengkap' : undefined) ??
        (validity.has(account!) ? validity.get(account!) : 'rekening belum divalidasi');
      if (alasan) dilewati.push({ no: r.no, alasan });
      else taken.push(r.no);
    }
    if (taken.length === 0)
      throw new AppError('BAD_INPUT', `${BATCH_MESSAGES.nothing}: ${dilewati.map((d) => `${d.no} ${d.alasan}`).join('; ')}`);
    for (const r of rows) if (taken.includes(r.no) && r.status === 'queued') await movePayout(tx, r.no, 'processed', by);
    const batchId = await insertPayoutBatch(tx, taken, by, { name: provider.name, idempotencyKey: key });
    const payouts = await providerBatchPayouts(tx, batchId);
    const total = payouts.reduce((sum, p) => sum + p.nominal, 0);
    const no = (await payoutBatchNo(tx, batchId))!;
    await recordAudit(tx, by, 'payout:batch-send', `batch:${no}`, null, {
      provider: provider.name,
      idempotency_key: key,
      payouts: taken,
      jumlah_payout: taken.length,
      total_nominal: total,
      dilewati,
    });
    return { no, jumlah: taken.length, total, dilewati };
  });
  const delivered = await deliverPayoutBatch(batch.no, provider);
  return {
    no: batch.no,
    jumlah_payout: batch.jumlah,
    total_nominal: batch.total,
    status: delivered.status,
    dilewati: batch.dilewati,
    pesan: delivered.pesan,
  };
}

/**
 * Sends a provider's batch that has no references yet (right after sendPayoutBatch, or again from
 * the reconciliation after a crash or a lost answer) with its stored idempotency key and the same
 * list, so the provider pays each payout at most once, and records the references. A definite
 * refusal (4xx: the provider did not take the batch) fails its payouts as the provider's answer
 * (bonuses released); no answer leaves it `sending` for the next try.
 */
export async function deliverPayoutBatch(
  no: string,
  provider: PayoutProvider,
): Promise<{ status: 'sent' | 'sending' | 'completed'; pesan?: string }> {
  const batch = await inTransaction((tx) => lockProviderBatch(tx, no));
  if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
  if (batch.status !== 'sending') return { status: batch.status === 'completed' ? 'completed' : 'sent' };
  if (!batch.idempotencyKey || batch.provider !== provider.name)
    throw new AppError('CONFLICT', `Batch ${no} dibuat untuk penyedia ${batch.provider}, bukan ${provider.name}`);
  if (Date.now() - batch.createdAt.getTime() > KEY_LIFETIME_MS) {
    return {
      status: 'sending',
      pesan: `Batch ${no} tidak mendapat jawaban penyedia lebih dari 23 jam: periksa di dasbor penyedia sebelum tindakan lain (kunci idempotensi sudah kedaluwarsa)`,
    };
  }
  const payouts = (await providerBatchPayouts(await getDb(), batch.id)).filter((p) => p.status === 'processed');
  const actor: Actor = { id: null, nama: `Penyedia transfer (${provider.name})` };
  let created: Awaited<ReturnType<PayoutProvider['create']>>;
  try {
    created = await provider.create(
      batch.idempotencyKey,
      payouts.map((p) => ({
        bank: bankCodeOf(p.bankNama) ?? '',
        account: p.noRekening ?? '',
        name: p.namaRekening ?? '',
        amount: p.nominal,
        notes: p.no,
      })),
    );
  } catch (error) {
    const definite =
      error instanceof PayoutProviderError &&
      error.httpStatus !== undefined &&
      error.httpStatus >= 400 &&
      error.httpStatus < 500 &&
      ![408, 409, 429].includes(error.httpStatus);
    if (!definite) {
      console.error(`[payout] batch ${no}: ${(error as Error).message}`);
      return { status: 'sending', pesan: SEND_MESSAGES.sending(no) };
    }
    const reason = `Ditolak penyedia transfer: ${(error as Error).message}`;
    await inTransaction(async (tx) => {
      const locked = await lockProviderBatch(tx, no);
      if (locked?.status !== 'sending') return;
      for (const p of payouts) await tryMovePayout(tx, p.no, 'failed', actor, reason, 'provider');
      await movePayoutBatch(tx, locked, 'completed');
      await recordAudit(tx, actor, 'payout:batch-refused', `batch:${no}`, { status: 'sending' }, { status: 'completed', alasan: reason });
    });
    return {
      status: 'completed',
      pesan: `Batch ${no} ditolak penyedia transfer, payout-nya digagalkan dan bonusnya dilepas: ${(error as Error).message}`,
    };
  }
  await inTransaction(async (tx) => {
    const locked = await lockProviderBatch(tx, no);
    if (locked?.status !== 'sending') return;
    await recordPayoutReferences(
      tx,
      payouts.map((p, i) => ({ no: p.no, referenceNo: created[i]!.referenceNo, status: created[i]!.status })),
    );
    await movePayoutBatch(tx, locked, 'sent');
    await recordAudit(
      tx,
      actor,
      'payout:batch-sent',
      `batch:${no}`,
      { status: 'sending' },
      { status: 'sent', references: Object.fromEntries(payouts.map((p, i) => [p.no, created[i]!.referenceNo])) },
    );
  });
  return { status: 'sent' };
}
