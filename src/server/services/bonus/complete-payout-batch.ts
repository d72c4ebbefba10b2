import { inTransaction } from '../../db/client';
import { lockBatchPayouts, lockPayoutBatch } from '../../db/queries/payouts';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { BATCH_MESSAGES } from './export-payout-batch';
import { tryMovePayout } from './move-payout';
import { movePayoutBatch } from './move-payout-batch';

/**
 * "Tandai batch selesai": the bank paid the file, so every payout of the batch still processed
 * is completed (its bonuses PROCESSED) and the batch marked completed, all in one transaction.
 * Each completion goes through the transition table: a payout failed meanwhile stays failed, and
 * one the table refuses (its member was suspended after the export) stays processed and holds its
 * bonuses; both are listed with the reason.
 */
export async function completePayoutBatch(no: string, by: Actor): Promise<{ selesai: string[]; dilewati: string[] }> {
  assertRole(by, ['KEUANGAN']);
  return inTransaction(async (tx) => {
    const batch = await lockPayoutBatch(tx, no);
    if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    if (batch.status === 'completed') throw new AppError('CONFLICT', BATCH_MESSAGES.done(no));
    if (batch.status !== 'exported') throw new AppError('CONFLICT', BATCH_MESSAGES.byProvider(no));
    const payouts = await lockBatchPayouts(tx, batch.id);
    const selesai: string[] = [];
    const dilewati: string[] = [];
    for (const p of payouts) {
      if (p.status !== 'processed') {
        dilewati.push(`${p.no} (${p.status})`);
        continue;
      }
      const move = await tryMovePayout(tx, p.no, 'completed', by);
      if (move.ok) selesai.push(p.no);
      else dilewati.push(`${p.no} (${move.refusal.singkat})`);
    }
    await movePayoutBatch(tx, batch, 'completed');
    await recordAudit(tx, by, 'payout:batch-complete', `batch:${no}`, { status: 'exported' }, { status: 'completed', selesai, dilewati });
    return { selesai, dilewati };
  });
}
