import { sql } from 'drizzle-orm';
import { inTransaction, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../operator/record-audit';
import { assertRole, type Actor } from '../operator/assert-role';
import { BATCH_MESSAGES } from './export-payout-batch';
import { tryMovePayout } from './move-payout';

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
    const [batch] = await selectRows<{ id: number; status: string }>(tx, sql`select id::int as id, status from payout_batches where no = ${no} for update`);
    if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    if (batch.status === 'completed') throw new AppError('CONFLICT', BATCH_MESSAGES.done(no));
    const payouts = await selectRows<{ no: string; status: string }>(tx, sql`select no, status from payouts where batch_id = ${batch.id} order by id for update`);
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
    await tx.execute(sql`update payout_batches set status = 'completed', completed_at = now() where id = ${batch.id}`);
    await recordAudit(tx, by, 'payout:batch-complete', `batch:${no}`, { status: 'exported' }, { status: 'completed', selesai, dilewati });
    return { selesai, dilewati };
  });
}
