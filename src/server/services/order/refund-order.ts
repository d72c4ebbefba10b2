import { rupiahText } from '../../../lib/money-format';
import { type Db, inTransaction, type Tx } from '../../db/client';
import {
  insertRefund,
  insertRefundLine,
  insertWaitingPartialRefund,
  refundOrderLines,
  refundOrderTotals,
  settleWaitingRefunds,
} from '../../db/queries/order-refunds';
import { insertOrderHistory } from '../../db/queries/orders';
import {
  REFUND_RULE_MESSAGES,
  type RefundableLine,
  type RefundableOrder,
  type RefundChoice,
  type RefundTake,
  refundByAmountRefusal,
  refundTake,
} from '../../domain/refund';
import { AppError } from '../../errors';
import { countAnnualBv } from '../bonus/annual-counters';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { lockOrder } from './mark-order-paid';
import { moveOrder } from './move-order';

export type RefundType = 'refund' | 'partial_refund' | 'chargeback' | 'operator';

export const REFUND_MESSAGES = {
  ...REFUND_RULE_MESSAGES,
  notPaid: 'Order belum dibayar: tidak ada yang bisa dikembalikan',
  reason: 'Alasan pengembalian harus diisi',
  notFound: 'Order tidak ditemukan',
  pending: 'Order ini punya refund dari penyedia pembayaran yang menunggu penetapan: tetapkan dulu refund itu',
  notPending: 'Refund ini sudah ditetapkan',
  pendingNotFound: 'Refund yang menunggu penetapan tidak ditemukan',
} as const;

export interface RefundRecorded {
  outcome: 'RECORDED' | 'IGNORED';
  jumlah: number;
  bv: number;
}

export interface RefundState {
  order: RefundableOrder & { no_order: string; paid: boolean };
  lines: (RefundableLine & { nama: string })[];
  /** Provider refunds still waiting for KEUANGAN to assign them. */
  menunggu: number;
}

/** What is left to refund of an order: its money and BV so far, each line with the units already given back. */
export async function readRefundState(tx: Db | Tx, orderId: number): Promise<RefundState | undefined> {
  const order = await refundOrderTotals(tx, orderId);
  if (!order) return undefined;
  const lines = await refundOrderLines(tx, orderId);
  const { menunggu, ...rest } = order;
  return { order: rest, lines, menunggu };
}

/**
 * Takes a refund's BV and lines out of the order, inside the caller's transaction: the lines it
 * gives back, the uplines' annual counters and the order history the member sees. The next
 * closing writes the reversal rows (reverse-refunds.ts).
 */
export async function takeBack(
  tx: Tx,
  orderId: number,
  refundId: number,
  take: RefundTake,
  history: { keterangan: string; admin?: string },
): Promise<void> {
  for (const l of take.lines) {
    await insertRefundLine(tx, { refundId, detailId: l.detailId, qty: l.qty, jumlah: l.jumlah, bv: l.bv });
  }
  if (take.bv > 0) await countAnnualBv(tx, orderId, -take.bv);
  await insertOrderHistory(tx, {
    orderId,
    status: 'REFUND',
    idAdmin: history.admin ? 1 : null,
    adminNama: history.admin ?? null,
    keterangan: history.keterangan,
  });
}

const rp = rupiahText;

/**
 * Records a refund of the whole order (what is left of it) or of chosen repeat-order lines, inside
 * the caller's transaction with the order row locked (COMP_PLAN.md, Refunds). A whole refund also
 * settles the provider refunds still waiting: the whole order takes their place.
 */
async function recordRefund(
  tx: Tx,
  state: RefundState,
  orderId: number,
  jenis: RefundType,
  choice: RefundChoice,
  note: { alasan?: string; admin?: string } = {},
): Promise<RefundRecorded> {
  if (!state.order.paid) throw new AppError('CONFLICT', REFUND_MESSAGES.notPaid);
  const take = refundTake(state.order, state.lines, choice);
  if (!take.ok) throw new AppError(take.message === REFUND_MESSAGES.nothingLeft ? 'CONFLICT' : 'BAD_INPUT', take.message);
  if (take.lingkup === 'utuh') await settleWaitingRefunds(tx, orderId);
  const refundId = await insertRefund(tx, {
    orderId,
    jenis,
    jumlah: take.jumlah,
    bv: take.bv,
    alasan: note.alasan ?? null,
    admin: note.admin ?? null,
  });
  const what = take.lingkup === 'utuh' ? 'seluruh order' : `${take.lines.reduce((s, l) => s + l.qty, 0)} barang`;
  await takeBack(tx, orderId, refundId, take, {
    admin: note.admin,
    keterangan: `${jenis}: ${what}, ${rp(take.jumlah)}, ${take.bv} BV${note.alasan ? ` — ${note.alasan}` : ''}`,
  });
  // Refunded in full: the order leaves the warehouse and takes no further transition (domain/order-status.ts).
  if (take.lingkup === 'utuh') await moveOrder(tx, (await lockOrder(tx, { id: orderId }))!, 'refund', false);
  return { outcome: 'RECORDED', jumlah: take.jumlah, bv: take.bv };
}

/** Midtrans' refund, partial_refund and chargeback notifications: the running refunded total they carry. */
export const REFUND_STATUSES = ['refund', 'partial_refund', 'chargeback'] as const;

export function refundedTotalOf(body: Record<string, unknown>): number | 'ALL' {
  const whole = (v: unknown) =>
    (typeof v === 'string' || typeof v === 'number') && /^\d{1,15}(\.0{1,2})?$/.test(String(v))
      ? Number(String(v).split('.')[0])
      : undefined;
  const total = whole(body.refund_amount);
  if (total !== undefined) return total;
  const refunds = Array.isArray(body.refunds) ? body.refunds : [];
  const sum = refunds.reduce((s: number, r) => s + (whole((r as Record<string, unknown>)?.refund_amount) ?? 0), 0);
  return sum > 0 ? sum : 'ALL';
}

/**
 * The webhook's refund branch (kept apart from the payment binding), on a signed, amount-checked
 * notification of a paid order. A refund or chargeback is the whole order. A partial refund is
 * money returned by amount: it is recorded (the running total it carries, so a replay records
 * nothing) and waits, with no BV, for KEUANGAN to assign it to lines or the whole package
 * (assign-refund.ts); one that brings the total to the whole paid amount is the whole order.
 */
export async function applyRefundNotification(tx: Tx, orderId: number, status: string, body: Record<string, unknown>): Promise<string> {
  const total = refundedTotalOf(body);
  if (status === 'partial_refund' && total === 'ALL') return 'DIABAIKAN: partial_refund tanpa refund_amount';
  const state = await readRefundState(tx, orderId);
  if (!state) return `DIABAIKAN: ${REFUND_MESSAGES.notFound}`;
  if (!state.order.paid) return `DIABAIKAN: ${REFUND_MESSAGES.notPaid}`;
  try {
    if (status === 'partial_refund' && total !== 'ALL' && total < state.order.total_bayar) {
      const jumlah = total - state.order.dikembalikan;
      if (jumlah <= 0) return 'DIABAIKAN: partial_refund sudah tercatat';
      await insertWaitingPartialRefund(tx, orderId, jumlah);
      await insertOrderHistory(tx, { orderId, status: 'REFUND', keterangan: `partial_refund: ${rp(jumlah)}, menunggu penetapan KEUANGAN` });
      return `REFUND: partial_refund Rp ${jumlah}, menunggu penetapan`;
    }
    const r = await recordRefund(tx, state, orderId, status as RefundType, {});
    return `REFUND: ${status} Rp ${r.jumlah}, ${r.bv} BV`;
  } catch (error) {
    if (error instanceof AppError)
      return error.message === REFUND_MESSAGES.nothingLeft ? `DIABAIKAN: ${status} sudah tercatat` : `DIABAIKAN: ${error.message}`;
    throw error;
  }
}

/**
 * An operator's refund (console `/admin/keuangan/refund`, `npm run ops -- refund:order …`): the
 * whole order, or chosen lines (and quantities) of a repeat order; the money and BV come from the
 * order, never from a typed amount (`jumlah` is refused). Audited, and in the order's history under
 * the admin's name.
 */
export async function refundOrder(
  noOrder: string,
  input: RefundChoice & { jumlah?: number; alasan: string; admin: string; by?: Actor },
): Promise<RefundRecorded> {
  if (input.by) assertRole(input.by, ['KEUANGAN']);
  if (!input.alasan.trim()) throw new AppError('BAD_INPUT', REFUND_MESSAGES.reason);
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, { noOrder });
    if (!order) throw new AppError('NOT_FOUND', REFUND_MESSAGES.notFound);
    if (input.jumlah !== undefined) throw new AppError('BAD_INPUT', refundByAmountRefusal(order.jenis_order));
    const state = (await readRefundState(tx, order.id))!;
    if (state.menunggu > 0) throw new AppError('CONFLICT', REFUND_MESSAGES.pending);
    const result = await recordRefund(
      tx,
      state,
      order.id,
      'operator',
      { baris: input.baris },
      { alasan: input.alasan.trim(), admin: input.admin },
    );
    await recordAudit(
      tx,
      input.by ?? { id: null, nama: input.admin },
      'refund:order',
      `order:${noOrder}`,
      { dikembalikan: state.order.dikembalikan, bv_dikembalikan: state.order.bv_dikembalikan },
      {
        dikembalikan: state.order.dikembalikan + result.jumlah,
        jumlah: result.jumlah,
        bv: result.bv,
        baris: input.baris ?? 'utuh',
        alasan: input.alasan.trim(),
      },
    );
    return result;
  });
}
