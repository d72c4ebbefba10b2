import { sql } from 'drizzle-orm';
import { countAnnualBv } from '../bonus/annual-counters';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { lockOrder } from './mark-order-paid';
import { moveOrder } from './move-order';
import { recordAudit } from '../operator/record-audit';
import { assertRole, type Actor } from '../operator/assert-role';

export type RefundType = 'refund' | 'partial_refund' | 'chargeback' | 'operator';

export const REFUND_MESSAGES = {
  notPaid: 'Order belum dibayar: tidak ada yang bisa dikembalikan',
  nothingLeft: 'Order ini sudah dikembalikan seluruhnya',
  badAmount: 'Jumlah pengembalian harus bilangan bulat rupiah lebih dari 0',
  reason: 'Alasan pengembalian harus diisi',
  notFound: 'Order tidak ditemukan',
} as const;

export interface RefundRecorded { outcome: 'RECORDED' | 'IGNORED'; jumlah: number; bv: number }

/**
 * Records money given back on a paid order, inside the caller's transaction with the order row
 * locked (COMP_PLAN.md, Refunds). `totalRefunded` is the order's refunded total after this event
 * (Midtrans reports a running total; a full refund or chargeback is the whole amount), so a
 * replayed notification records nothing. The BV taken back is the order's BV pro rata to the
 * money (all of it on a full refund); the next closing writes the reversal rows.
 */
export async function recordRefund(tx: Tx, orderId: number, jenis: RefundType, totalRefunded: number | 'ALL', note: { alasan?: string; admin?: string } = {}): Promise<RefundRecorded> {
  const [order] = await selectRows<{ total_bayar: number; total_bv: number; paid: boolean; jumlah: number; bv: number }>(tx, sql`
    select o.total_bayar::float8 as total_bayar, o.total_bv, (o.paid_at is not null and o.status_order not in ('PENDING', 'CANCEL', 'EXPIRED')) as paid,
      coalesce((select sum(r.jumlah) from order_refunds r where r.order_id = o.id), 0)::float8 as jumlah,
      coalesce((select sum(r.bv) from order_refunds r where r.order_id = o.id), 0)::int as bv
    from orders o where o.id = ${orderId}`);
  if (!order) throw new AppError('NOT_FOUND', REFUND_MESSAGES.notFound);
  if (!order.paid) throw new AppError('CONFLICT', REFUND_MESSAGES.notPaid);
  const total = Math.min(order.total_bayar, totalRefunded === 'ALL' ? order.total_bayar : totalRefunded);
  const jumlah = total - order.jumlah;
  if (jumlah <= 0) return { outcome: 'IGNORED', jumlah: 0, bv: 0 };
  const bvTotal = total >= order.total_bayar ? order.total_bv : Math.floor((order.total_bv * total) / order.total_bayar);
  const bv = Math.max(0, bvTotal - order.bv);
  await tx.execute(sql`insert into order_refunds (order_id, jenis, jumlah, bv, alasan, admin) values (${orderId}, ${jenis}, ${jumlah}, ${bv}, ${note.alasan ?? null}, ${note.admin ?? null})`);
  if (bv > 0) await countAnnualBv(tx, orderId, -bv);
  await tx.execute(sql`insert into order_histories (order_id, status, id_admin, admin_nama, keterangan)
    values (${orderId}, 'REFUND', ${note.admin ? 1 : null}, ${note.admin ?? null}, ${`${jenis}: Rp ${jumlah.toLocaleString('id-ID')}, ${bv} BV${note.alasan ? ` — ${note.alasan}` : ''}`})`);
  // Refunded in full: the order leaves the warehouse and takes no further transition (domain/order-status.ts).
  if (total >= order.total_bayar) await moveOrder(tx, (await lockOrder(tx, { id: orderId }))!, 'refund', false);
  return { outcome: 'RECORDED', jumlah, bv };
}

/** Midtrans' refund, partial_refund and chargeback notifications: the running refunded total they carry. */
export const REFUND_STATUSES = ['refund', 'partial_refund', 'chargeback'] as const;

export function refundedTotalOf(body: Record<string, unknown>): number | 'ALL' {
  const whole = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d{1,15}(\.0{1,2})?$/.test(String(v)) ? Number(String(v).split('.')[0]) : undefined;
  const total = whole(body.refund_amount);
  if (total !== undefined) return total;
  const refunds = Array.isArray(body.refunds) ? body.refunds : [];
  const sum = refunds.reduce((s: number, r) => s + (whole((r as Record<string, unknown>)?.refund_amount) ?? 0), 0);
  return sum > 0 ? sum : 'ALL';
}

/**
 * The webhook's refund branch (kept apart from the payment binding): a signed, amount-checked
 * refund, partial_refund or chargeback notification on a paid order records the refund. A
 * partial refund without an amount records nothing (it cannot be sized).
 */
export async function applyRefundNotification(tx: Tx, orderId: number, status: string, body: Record<string, unknown>): Promise<string> {
  const total = refundedTotalOf(body);
  if (status === 'partial_refund' && total === 'ALL') return 'DIABAIKAN: partial_refund tanpa refund_amount';
  try {
    const r = await recordRefund(tx, orderId, status as RefundType, status === 'partial_refund' ? total : status === 'chargeback' ? 'ALL' : total);
    return r.outcome === 'RECORDED' ? `REFUND: ${status} Rp ${r.jumlah}, ${r.bv} BV` : `DIABAIKAN: ${status} sudah tercatat`;
  } catch (error) {
    if (error instanceof AppError) return `DIABAIKAN: ${error.message}`;
    throw error;
  }
}

/**
 * An operator's refund (`npm run ops -- refund:order <no_order> …`): the whole remaining amount,
 * or `jumlah` rupiah of it, with a reason; audited in the order's history under the admin's name.
 */
export async function refundOrder(noOrder: string, input: { jumlah?: number; alasan: string; admin: string; by?: Actor }): Promise<RefundRecorded> {
  if (input.by) assertRole(input.by, ['KEUANGAN']);
  if (!input.alasan.trim()) throw new AppError('BAD_INPUT', REFUND_MESSAGES.reason);
  if (input.jumlah !== undefined && (!Number.isSafeInteger(input.jumlah) || input.jumlah <= 0)) throw new AppError('BAD_INPUT', REFUND_MESSAGES.badAmount);
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, { noOrder });
    if (!order) throw new AppError('NOT_FOUND', REFUND_MESSAGES.notFound);
    const [done] = await selectRows<{ jumlah: number }>(tx, sql`select coalesce(sum(jumlah), 0)::float8 as jumlah from order_refunds where order_id = ${order.id}`);
    const total = input.jumlah === undefined ? 'ALL' : done!.jumlah + input.jumlah;
    const result = await recordRefund(tx, order.id, 'operator', total, { alasan: input.alasan.trim(), admin: input.admin });
    if (result.outcome === 'IGNORED') throw new AppError('CONFLICT', REFUND_MESSAGES.nothingLeft);
    await recordAudit(tx, input.by ?? { id: null, nama: input.admin }, 'refund:order', `order:${noOrder}`, { dikembalikan: done!.jumlah },
      { dikembalikan: done!.jumlah + result.jumlah, jumlah: result.jumlah, bv: result.bv, alasan: input.alasan.trim() });
    return result;
  });
}
