import { getDb } from '../../db/client';
import { payoutQueueRows, payoutStatusCounts, recentPayoutBatches } from '../../db/queries/payouts';

export const QUEUE_PAYOUT_STATUSES = ['queued', 'processed', 'completed', 'rejected', 'failed'] as const;
export type QueuePayoutStatus = (typeof QUEUE_PAYOUT_STATUSES)[number];

/** The finance queue of one payout status (console, KEUANGAN), oldest first, searchable by number, member or account. */
export async function payoutQueue(status: QueuePayoutStatus, search?: string, limit = 200) {
  const term = search?.trim().slice(0, 100);
  const db = await getDb();
  const [rows, counts, batches] = await Promise.all([
    payoutQueueRows(db, status, term || undefined, limit),
    payoutStatusCounts(db),
    recentPayoutBatches(db, 20),
  ]);
  return {
    rows: rows.map((r) => ({
      no: r.no,
      status: r.status,
      created_at: r.createdAt,
      nominal: r.nominal,
      bank_nama: r.bankNama,
      no_rekening: r.noRekening,
      nama_rekening: r.namaRekening,
      catatan: r.catatan,
      id_member: r.idMember,
      nama: r.nama,
      is_suspended: r.isSuspended,
      batch_no: r.batchNo,
      reference_no: r.referenceNo,
      provider_status: r.providerStatus,
    })),
    counts: Object.fromEntries(QUEUE_PAYOUT_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<
      QueuePayoutStatus,
      number
    >,
    batches: batches.map((b) => ({
      no: b.no,
      status: b.status,
      jumlah_payout: b.jumlahPayout,
      total_nominal: b.totalNominal,
      operator_nama: b.operatorNama,
      created_at: b.createdAt,
      completed_at: b.completedAt,
      provider: b.provider,
      approved_by_nama: b.approvedByNama,
      approved_at: b.approvedAt,
    })),
  };
}
