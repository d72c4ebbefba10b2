import { getDb, inTransaction } from '../../db/client';
import { providerPayoutsInFlight, sendingPayoutBatches } from '../../db/queries/payouts';
import { AppError } from '../../errors';
import { payoutProvider } from '../../integrations/payout';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { applyPayoutAnswer } from './apply-payout-answer';
import { deliverPayoutBatch } from './send-payout-batch';

/** A batch approved here longer ago than this while the provider still holds it unapproved: the approval call was lost. */
const APPROVAL_GRACE_MS = 2 * 60_000;

/**
 * The payouts' reconciliation (the scheduler's `payout` job, and "Cek status penyedia" in the
 * console): every provider batch still without references is sent again with its stored
 * idempotency key (a crash or a lost answer between sending and recording pays nothing twice),
 * and the provider is asked about every payout in flight (a batch the checker approved here that
 * the provider still holds unapproved, because the process died before the approval call, has
 * that approval sent again); each answer goes through the same
 * exactly-once door as a notification (apply-payout-answer.ts). Only the configured provider's
 * batches: after a change of PAYOUT_PROVIDER, another provider's batches wait for it to return.
 */
export async function reconcilePayouts(by: Actor = { id: null, nama: 'Sistem (jadwal payout)' }): Promise<string> {
  assertRole(by, ['KEUANGAN']);
  const provider = payoutProvider();
  if (!provider) return 'PAYOUT_PROVIDER=manual: tidak ada payout di penyedia transfer';
  const db = await getDb();
  let terkirim = 0;
  const masalah: string[] = [];
  for (const batch of await sendingPayoutBatches(db, provider.name)) {
    const delivered = await deliverPayoutBatch(batch.no, provider);
    if (delivered.status !== 'sending') terkirim += 1;
    else if (delivered.pesan) masalah.push(delivered.pesan);
  }
  const counts = { COMPLETED: 0, FAILED: 0, RECORDED: 0, IGNORED: 0 };
  const inFlight = await providerPayoutsInFlight(db, provider.name);
  // Approved here but still waiting for approval at the provider: the approval call was lost.
  const unapproved = new Map<string, string[]>();
  for (const p of inFlight) {
    try {
      const answer = await provider.status(p.referenceNo!);
      counts[await applyPayoutAnswer(answer, provider.name, 'cek status')] += 1;
      if (answer.status === 'queued' && p.approvedAt && Date.now() - p.approvedAt.getTime() > APPROVAL_GRACE_MS) {
        unapproved.set(p.batchNo, [...(unapproved.get(p.batchNo) ?? []), p.referenceNo!]);
      }
    } catch (error) {
      masalah.push(`${p.no}: ${error instanceof AppError ? error.message : (error as Error).message}`);
    }
  }
  for (const [batchNo, refs] of unapproved) {
    try {
      await provider.approve(refs);
      await inTransaction((tx) => recordAudit(tx, by, 'payout:batch-approve-resent', `batch:${batchNo}`, null, { references: refs }));
    } catch (error) {
      masalah.push(`batch ${batchNo}: persetujuan belum diterima penyedia (${(error as Error).message}); setujui di dasbor penyedia`);
    }
  }
  const line =
    `${inFlight.length} payout ditanyakan ke penyedia: ${counts.COMPLETED} selesai, ${counts.FAILED} gagal, ${counts.RECORDED + counts.IGNORED} masih berjalan` +
    (terkirim ? `; ${terkirim} batch terkirim ulang` : '') +
    (unapproved.size ? `; persetujuan ${unapproved.size} batch dikirim ulang` : '');
  if (masalah.length) throw new Error(`${line}. Masalah: ${masalah.slice(0, 5).join('; ')}`);
  return line;
}
