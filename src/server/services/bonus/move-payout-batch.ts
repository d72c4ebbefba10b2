import type { Tx } from '../../db/client';
import { setPayoutBatchStatus } from '../../db/queries/payouts';
import { type PayoutBatchStatus, payoutBatchMoveRefusal } from '../../domain/payout-batch-status';
import { AppError } from '../../errors';

/**
 * The one door that changes a payout batch's status, inside the caller's transaction with the
 * batch locked: the transition table (domain/payout-batch-status.ts) decides; a move it refuses
 * throws before anything is written. `approver` is the checker of an approval.
 */
export async function movePayoutBatch(
  tx: Tx,
  batch: { id: number; no: string; status: PayoutBatchStatus },
  to: PayoutBatchStatus,
  approver?: { id: number | null; nama: string },
): Promise<void> {
  const refusal = payoutBatchMoveRefusal(batch.no, batch.status, to);
  if (refusal) throw new AppError('CONFLICT', refusal);
  await setPayoutBatchStatus(tx, batch.id, to, approver);
}
