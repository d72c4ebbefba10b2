import { inTransaction } from '../../db/client';
import { lockProviderBatch, providerBatchPayouts } from '../../db/queries/payouts';
import { isSecondOperator } from '../../domain/four-eyes';
import { AppError } from '../../errors';
import { payoutProvider } from '../../integrations/payout';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { applyPayoutAnswer } from './apply-payout-answer';
import { BATCH_MESSAGES } from './export-payout-batch';
import { movePayoutBatch } from './move-payout-batch';
import { SEND_MESSAGES } from './send-payout-batch';

export const APPROVE_MESSAGES = {
  sameOperator: 'Persetujuan harus oleh operator KEUANGAN lain: pembuat batch tidak boleh menyetujui batchnya sendiri',
  signedInOnly: 'Persetujuan batch hanya oleh operator yang masuk ke konsol',
  notProvider: (no: string) => `Batch ${no} adalah file CSV bank, tidak perlu persetujuan di sini`,
  sending: (no: string) => `Batch ${no} masih menunggu jawaban penyedia transfer; setujui setelah referensinya tercatat`,
  approved: (no: string) => `Batch ${no} sudah disetujui`,
  done: (no: string) => `Batch ${no} sudah selesai`,
  suspended: 'Ditolak sebelum disetujui: akun member dibekukan',
} as const;

/**
 * "Setujui" (the checker, four-eyes): a second KEUANGAN operator, never the batch's maker,
 * approves a provider's batch; only then does the money leave. The approval is claimed and
 * audited first (so two checkers cannot both approve), then the provider is asked with the
 * approver key; if it does not take the approval the claim is undone. Payouts of a member
 * suspended since the batch was sent are rejected at the provider instead, and failed here with
 * their bonuses released.
 */
export async function approvePayoutBatch(no: string, by: Actor, otp?: string): Promise<{ disetujui: string[]; ditolak: string[] }> {
  assertRole(by, ['KEUANGAN']);
  if (by.id === null) throw new AppError('FORBIDDEN', APPROVE_MESSAGES.signedInOnly);
  const provider = payoutProvider();
  if (!provider) throw new AppError('BAD_INPUT', SEND_MESSAGES.noProvider);
  const claimed = await inTransaction(async (tx) => {
    const batch = await lockProviderBatch(tx, no);
    if (!batch) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
    if (batch.provider === 'manual') throw new AppError('CONFLICT', APPROVE_MESSAGES.notProvider(no));
    if (batch.status === 'sending') throw new AppError('CONFLICT', APPROVE_MESSAGES.sending(no));
    if (batch.status === 'approved') throw new AppError('CONFLICT', APPROVE_MESSAGES.approved(no));
    if (batch.status !== 'sent') throw new AppError('CONFLICT', APPROVE_MESSAGES.done(no));
    if (!isSecondOperator(batch.operatorId, by.id)) throw new AppError('FORBIDDEN', APPROVE_MESSAGES.sameOperator);
    const payouts = (await providerBatchPayouts(tx, batch.id)).filter((p) => p.status === 'processed' && p.referenceNo);
    const approve = payouts.filter((p) => !p.isSuspended);
    const reject = payouts.filter((p) => p.isSuspended);
    await movePayoutBatch(tx, batch, 'approved', by);
    await recordAudit(
      tx,
      by,
      'payout:batch-approve',
      `batch:${no}`,
      { status: 'sent', pembuat: batch.operatorNama },
      {
        status: 'approved',
        disetujui: approve.map((p) => p.no),
        ditolak: reject.map((p) => p.no),
      },
    );
    return { batchId: batch.id, approve, reject };
  });
  try {
    if (claimed.approve.length)
      await provider.approve(
        claimed.approve.map((p) => p.referenceNo!),
        otp?.trim() || undefined,
      );
    if (claimed.reject.length)
      await provider.reject(
        claimed.reject.map((p) => p.referenceNo!),
        APPROVE_MESSAGES.suspended,
      );
  } catch (error) {
    await inTransaction(async (tx) => {
      // The approval is undone only while it stands (the provider's answers may have completed it meanwhile).
      const batch = await lockProviderBatch(tx, no);
      if (batch?.status === 'approved') await movePayoutBatch(tx, batch, 'sent');
      await recordAudit(
        tx,
        by,
        'payout:batch-approve-failed',
        `batch:${no}`,
        { status: 'approved' },
        { status: 'sent', alasan: (error as Error).message },
      );
    });
    throw new AppError('CONFLICT', `Persetujuan batch ${no} tidak diterima penyedia transfer: ${(error as Error).message}`);
  }
  // The rejected ones are final at the provider now: record that answer at once (the poll would too).
  for (const p of claimed.reject) {
    await applyPayoutAnswer(
      {
        referenceNo: p.referenceNo!,
        status: 'rejected',
        amount: p.nominal,
        updatedAt: new Date().toISOString(),
        errorMessage: APPROVE_MESSAGES.suspended,
      },
      provider.name,
      'cek status',
    );
  }
  return { disetujui: claimed.approve.map((p) => p.no), ditolak: claimed.reject.map((p) => p.no) };
}
