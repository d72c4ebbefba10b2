import { inTransaction } from '../../db/client';
import { lockPayoutBatchById, lockPayoutByReference, payoutsInFlightOfBatch, writeProviderStatus } from '../../db/queries/payouts';
import { AppError } from '../../errors';
import type { ProviderPayout } from '../../integrations/payout';
import type { Actor } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { tryMovePayout } from './move-payout';
import { movePayoutBatch } from './move-payout-batch';

export type PayoutAnswerOutcome = 'COMPLETED' | 'FAILED' | 'RECORDED' | 'IGNORED';

const FINAL = new Set(['completed', 'failed', 'rejected']);

/**
 * A disbursement provider's answer about one payout (its notification, or a status poll), in one
 * transaction, exactly once: the payout is locked by its reference; an answer about a payout that
 * is already completed, failed or rejected (a duplicate, a replay, a late retry) or older than the
 * last one recorded (out of order) changes nothing; `completed` completes it (bonuses paid),
 * `failed`/`rejected` fails it (bonuses released) through the transition table (move-payout.ts,
 * `via` provider); the batch is completed when none of its payouts is in flight any more.
 */
export async function applyPayoutAnswer(
  p: ProviderPayout,
  provider: string,
  source: 'notifikasi' | 'cek status',
): Promise<PayoutAnswerOutcome> {
  const by: Actor = { id: null, nama: `Penyedia transfer (${provider}, ${source})` };
  return inTransaction(async (tx) => {
    const payout = await lockPayoutByReference(tx, p.referenceNo);
    if (!payout) throw new AppError('NOT_FOUND', `Payout dengan referensi ${p.referenceNo} tidak ditemukan`);
    if (p.amount !== payout.nominal)
      throw new AppError('BAD_INPUT', `Jumlah notifikasi payout ${payout.no} tidak sesuai (${p.amount} ≠ ${payout.nominal})`);
    if (payout.status !== 'processed') return 'IGNORED';
    const at = new Date(p.updatedAt);
    const when = Number.isNaN(at.getTime()) ? new Date() : at;
    const final = FINAL.has(p.status);
    // An older answer never overwrites a newer one; a final answer is final whenever it arrives.
    if (!final && payout.providerUpdatedAt && when <= payout.providerUpdatedAt) return 'IGNORED';
    if (!final) {
      if (payout.providerStatus === p.status) return 'IGNORED';
      await writeProviderStatus(tx, payout.id, p.status, when, null);
      await recordAudit(
        tx,
        by,
        'payout:provider-status',
        `payout:${payout.no}`,
        { provider_status: payout.providerStatus },
        { provider_status: p.status, reference_no: p.referenceNo },
      );
      return 'RECORDED';
    }
    const error =
      p.status === 'completed' ? null : (p.errorMessage ?? (p.status === 'rejected' ? 'Ditolak penyedia transfer' : 'Transfer gagal'));
    await writeProviderStatus(tx, payout.id, p.status, when, error);
    const to = p.status === 'completed' ? 'completed' : 'failed';
    const move = await tryMovePayout(tx, payout.no, to, by, error ? `Transfer gagal (${p.referenceNo}): ${error}` : undefined, 'provider');
    if (!move.ok) throw new AppError(move.refusal.code, move.refusal.message);
    if (payout.batchId !== null && (await payoutsInFlightOfBatch(tx, payout.batchId)) === 0) {
      const batch = await lockPayoutBatchById(tx, payout.batchId);
      if (batch && batch.status !== 'completed') await movePayoutBatch(tx, batch, 'completed');
    }
    return to === 'completed' ? 'COMPLETED' : 'FAILED';
  });
}
