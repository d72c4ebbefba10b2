import { getDb } from '../../db/client';
import { providerPayoutsInFlight, sendingPayoutBatches } from '../../db/queries/payouts';
import { AppError } from '../../errors';
import { payoutProvider } from '../../integrations/payout';
import { assertRole, type Actor } from '../operator/assert-role';
import { applyPayoutAnswer } from './apply-payout-answer';
import { deliverPayoutBatch } from './send-payout-batch';

/**
 * The payouts' reconciliation (the scheduler's `payout` job, and "Cek status penyedia" in the
 * console): every provider batch still without references is sent again with its stored
 * idempotency key (a crash or a lost answer between sending and recording pays nothing twice),
 * and the provider is asked about every payout in flight; each answer goes through the same
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
  for (const p of inFlight) {
    try {
      const answer = await provider.status(p.referenceNo!);
      counts[await applyPayoutAnswer(answer, provider.name, 'cek status')] += 1;
    } catch (error) {
      masalah.push(`${p.no}: ${error instanceof AppError ? error.message : (error as Error).message}`);
    }
  }
  const line = `${inFlight.length} payout ditanyakan ke penyedia: ${counts.COMPLETED} selesai, ${counts.FAILED} gagal, ${counts.RECORDED + counts.IGNORED} masih berjalan`
    + (terkirim ? `; ${terkirim} batch terkirim ulang` : '');
  if (masalah.length) throw new Error(`${line}. Masalah: ${masalah.slice(0, 5).join('; ')}`);
  return line;
}
