import { toCsv } from '../../csv';
import { type Db, getDb, inTransaction, type Tx } from '../../db/client';
import { batchPayouts, insertPayoutBatch, lockPayoutsForBatch, payoutBatchIdByNo, payoutBatchNo } from '../../db/queries/payouts';
import { bankCodeOf } from '../../domain/banks';
import { batchExclusion, type PayoutStatus } from '../../domain/payout-status';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { movePayout } from './move-payout';

export const BATCH_MESSAGES = {
  none: 'Pilih minimal satu payout',
  tooMany: 'Paling banyak 500 payout dalam satu batch',
  nothing: 'Tidak ada payout yang bisa diekspor',
  notFound: 'Batch tidak ditemukan',
  done: (no: string) => `Batch ${no} sudah ditandai selesai`,
  byProvider: (no: string) =>
    `Batch ${no} dikirim lewat penyedia transfer: tiap payout selesai atau gagal hanya dari jawaban penyedia, tidak ada file CSV untuk bank`,
} as const;

/** The payouts a batch file lists: on their way to the bank, or paid by it. */
const BATCH_FILE_STATUSES: readonly PayoutStatus[] = ['processed', 'completed'];

/** The bank bulk-transfer file's columns: bank code, account number, account name, amount (integer rupiah), reference. */
export const BATCH_CSV_COLUMNS = ['kode_bank', 'no_rekening', 'nama_rekening', 'jumlah', 'referensi'] as const;

export interface PayoutBatchFile {
  no: string;
  csv: string;
  jumlah_payout: number;
  total_nominal: number;
}
export interface ExportedBatch extends PayoutBatchFile {
  dilewati: { no: string; alasan: string }[];
}

/**
 * Exports a bank bulk-transfer batch (console, KEUANGAN) in one transaction: the chosen payouts
 * (or, with 'ALL_PROCESSED', every processed payout not yet in a batch) that are queued or
 * processed, not in a batch already, of a member who is not suspended, with a known bank and
 * account. Queued ones are processed (audited as payout:process), all get the batch's id, and the
 * batch is recorded and audited. The others are listed with the reason they were left out.
 */
export async function exportPayoutBatch(chosen: string[] | 'ALL_PROCESSED', by: Actor): Promise<ExportedBatch> {
  assertRole(by, ['KEUANGAN']);
  const nos = chosen === 'ALL_PROCESSED' ? [] : [...new Set(chosen.map((n) => n.trim()).filter(Boolean))];
  if (chosen !== 'ALL_PROCESSED' && nos.length === 0) throw new AppError('BAD_INPUT', BATCH_MESSAGES.none);
  if (nos.length > 500) throw new AppError('BAD_INPUT', BATCH_MESSAGES.tooMany);
  return inTransaction(async (tx) => {
    const rows = await lockPayoutsForBatch(tx, chosen === 'ALL_PROCESSED' ? 'ALL_PROCESSED' : nos);
    const dilewati: { no: string; alasan: string }[] = nos
      .filter((n) => !rows.some((r) => r.no === n))
      .map((no) => ({ no, alasan: 'tidak ditemukan' }));
    const taken: string[] = [];
    for (const r of rows) {
      const alasan =
        batchExclusion({
          no: r.no,
          status: r.status,
          batchNo: r.batchId === null ? null : String(r.batchId),
          memberSuspended: r.isSuspended,
          held: r.ditahan,
        }) ?? (!bankCodeOf(r.bankNama) || !r.noRekening || !r.namaRekening ? 'data rekening tidak lengkap' : undefined);
      if (alasan) dilewati.push({ no: r.no, alasan });
      else taken.push(r.no);
    }
    if (taken.length === 0)
      throw new AppError(
        'BAD_INPUT',
        `${BATCH_MESSAGES.nothing}: ${dilewati.map((d) => `${d.no} ${d.alasan}`).join('; ') || 'tidak ada payout berstatus diproses'}`,
      );
    for (const r of rows) if (taken.includes(r.no) && r.status === 'queued') await movePayout(tx, r.no, 'processed', by);
    const batchId = await insertPayoutBatch(tx, taken, by);
    const file = await batchFile(tx, batchId);
    await recordAudit(tx, by, 'payout:batch-export', `batch:${file.no}`, null, {
      payouts: taken,
      jumlah_payout: file.jumlah_payout,
      total_nominal: file.total_nominal,
      dilewati,
    });
    return { ...file, dilewati };
  });
}

/**
 * The batch's CSV (also to download it again), from the payouts' stored bank details. Only live
 * payouts: one failed by the bank's answer meanwhile (its bonuses released) is never listed again.
 */
async function batchFile(db: Db | Tx, batchId: number): Promise<PayoutBatchFile> {
  const no = await payoutBatchNo(db, batchId);
  if (no === undefined) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
  const rows = await batchPayouts(db, batchId, BATCH_FILE_STATUSES);
  const lines = rows.map((r) => [bankCodeOf(r.bankNama) ?? '', r.noRekening ?? '', r.namaRekening ?? '', BigInt(r.nominal), r.no]);
  return {
    no,
    csv: toCsv(BATCH_CSV_COLUMNS, lines),
    jumlah_payout: rows.length,
    total_nominal: rows.reduce((sum, r) => sum + r.nominal, 0),
  };
}

/** GET /admin/keuangan/batch/<no>: the file of an exported batch. */
export async function payoutBatchFile(no: string): Promise<PayoutBatchFile> {
  const db = await getDb();
  const batch = /^BTR-\d{8}-\d{5,}$/.test(no) ? await payoutBatchIdByNo(db, no) : undefined;
  if (batch === undefined) throw new AppError('NOT_FOUND', BATCH_MESSAGES.notFound);
  // A provider's batch has no bank file: paying it by hand too would pay it twice.
  if (batch.provider !== 'manual') throw new AppError('CONFLICT', BATCH_MESSAGES.byProvider(no));
  const batchId = batch.id;
  return batchFile(db, batchId);
}
