import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { containsPattern } from '../../db/like';

export const QUEUE_PAYOUT_STATUSES = ['queued', 'processed', 'completed', 'rejected', 'failed'] as const;
export type QueuePayoutStatus = (typeof QUEUE_PAYOUT_STATUSES)[number];

/** The finance queue of one payout status (console, KEUANGAN), oldest first, searchable by number, member or account. */
export async function payoutQueue(status: QueuePayoutStatus, search?: string, limit = 200) {
  const term = search?.trim().slice(0, 100);
  const db = await getDb();
  const [rows, counts, batches] = await Promise.all([
    selectRows<{ no: string; status: string; created_at: string; nominal: string; bank_nama: string | null; no_rekening: string | null; nama_rekening: string | null; catatan: string | null; id_member: string; nama: string; is_suspended: boolean; batch_no: string | null }>(db, sql`
      select p.no, p.status, p.created_at::text as created_at, p.nominal::text as nominal, p.bank_nama, p.no_rekening, p.nama_rekening, p.catatan,
        m.id_member, m.nama, m.is_suspended, b.no as batch_no
      from payouts p join members m on m.id = p.member_id left join payout_batches b on b.id = p.batch_id
      where p.status = ${status}
        ${term ? sql`and (p.no ilike ${containsPattern(term)} or m.id_member ilike ${containsPattern(term)} or m.nama ilike ${containsPattern(term)} or p.nama_rekening ilike ${containsPattern(term)})` : sql``}
      order by p.created_at, p.id limit ${limit}`),
    selectRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from payouts where status <> 'draft' group by status`),
    selectRows<{ no: string; status: string; jumlah_payout: number; total_nominal: string; operator_nama: string; created_at: string; completed_at: string | null }>(db, sql`
      select no, status, jumlah_payout, total_nominal::text as total_nominal, operator_nama, created_at::text as created_at, completed_at::text as completed_at
      from payout_batches order by id desc limit 20`),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, nominal: Number(r.nominal) })),
    counts: Object.fromEntries(QUEUE_PAYOUT_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<QueuePayoutStatus, number>,
    batches: batches.map((b) => ({ ...b, total_nominal: Number(b.total_nominal) })),
  };
}
