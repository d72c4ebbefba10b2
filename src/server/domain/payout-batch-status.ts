/**
 * A payout batch's one transition table: the batch in which payouts leave the company, a bank CSV
 * file (PAYOUT_PROVIDER=manual) or a disbursement provider's batch (simulator, Iris). Every change
 * of a batch's status asks it (services/bonus/move-payout-batch.ts), whoever moves it: the operator
 * ("Tandai batch selesai", "Setujui"), the provider's answer or the reconciliation after a crash.
 *
 * - a bank file: `exported` → `completed` when the operator confirms the bank paid it;
 * - a provider's batch: `sending` once its idempotency key is stored and before the provider
 *   answered; `sent` with the references, waiting for the checker; `approved` by a second KEUANGAN
 *   operator (four-eyes), back to `sent` when the provider does not take the approval; `completed`
 *   when no payout of it is in flight any more, or at once when the provider refused the batch.
 */
export const PAYOUT_BATCH_STATUSES = ['exported', 'sending', 'sent', 'approved', 'completed'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** `new`: no batch yet — the export (a bank file) or the send (a provider) creates one. */
export type PayoutBatchOrigin = PayoutBatchStatus | 'new';

export const PAYOUT_BATCH_TRANSITIONS: Readonly<Record<PayoutBatchOrigin, readonly PayoutBatchStatus[]>> = {
  new: ['exported', 'sending'],
  exported: ['completed'],
  sending: ['sent', 'completed'],
  sent: ['approved', 'completed'],
  approved: ['sent', 'completed'],
  completed: [],
};

const LABELS: Record<PayoutBatchStatus, string> = {
  exported: 'diekspor',
  sending: 'sedang dikirim',
  sent: 'terkirim',
  approved: 'disetujui',
  completed: 'selesai',
};

/** The status a new batch starts in: a bank file is exported at once, a provider's batch is being sent. */
export function firstBatchStatus(provider: string): PayoutBatchStatus {
  return provider === 'manual' ? 'exported' : 'sending';
}

/** Why batch `no` may not move from `from` to `to` (undefined: it may), from the table alone. */
export function payoutBatchMoveRefusal(no: string, from: PayoutBatchOrigin, to: PayoutBatchStatus): string | undefined {
  if (PAYOUT_BATCH_TRANSITIONS[from].includes(to)) return undefined;
  return from === 'new'
    ? `Batch ${no} belum ada; tidak dapat menjadi ${LABELS[to]}`
    : `Batch ${no} berstatus ${LABELS[from]}; tidak dapat menjadi ${LABELS[to]}`;
}
