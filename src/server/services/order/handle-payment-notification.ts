import { inTransaction, type Tx } from '../../db/client';
import { insertPaymentNotification, mergeOrderPembayaran } from '../../db/queries/orders';
import { decideOrder, paidTimeOf } from '../../domain/order-status';
import { AppError } from '../../errors';
import { type PaymentNotification, paymentGateway } from '../../integrations/payment';
import { isSignatureValid } from '../../integrations/payment/signature';
import { type LockedOrder, lockOrder, markOrderPaid, type PaidEffects } from './mark-order-paid';
import { moveOrder } from './move-order';
import { confirmedNotification, isPaidStatus, isUnboundNotification } from './payment-status';
import { applyRefundNotification, REFUND_STATUSES } from './refund-order';
import { sendWelcomeMail } from './send-welcome-mail';

export type NotificationOutcome = 'PAID' | 'PENDING' | 'EXPIRED' | 'CANCEL' | 'REFUND' | 'IGNORED';

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** "150000.00" → 150000; anything that is not whole rupiah → NaN. */
export function rupiahOf(grossAmount: string): number {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(grossAmount);
  if (!match || (match[2] && Number(match[2]) !== 0)) return Number.NaN;
  return Number(match[1]);
}

/** Midtrans writes times in Jakarta local time: "2026-11-22 20:15:00". */
export const jakartaTime = (value: string): number =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? Date.parse(`${value.replace(' ', 'T')}+07:00`) : Number.NaN;

/** The payment details a notification carries, kept for the detail page (spec/001 §3 pembayaran). */
function paymentDetails(n: PaymentNotification): Record<string, unknown> {
  const va = n.va_numbers?.[0];
  const details: Record<string, unknown> = {
    payment_type: n.payment_type ?? null,
    va_bank: va?.bank ?? (n.permata_va_number ? 'permata' : null),
    va_number: va?.va_number ?? n.permata_va_number ?? null,
    biller_code: n.biller_code ?? null,
    bill_key: n.bill_key ?? null,
    acquirer: n.acquirer ?? null,
    store: n.store ?? null,
    payment_code: n.payment_code ?? null,
    expired_time: n.expiry_time ?? null,
    transaction_id: n.transaction_id ?? null,
  };
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null));
}

async function record(tx: Tx | undefined, orderId: number | null, n: Partial<PaymentNotification>, outcome: string): Promise<void> {
  const row = {
    orderId,
    noOrder: text(n.order_id).slice(0, 80),
    transactionId: text(n.transaction_id).slice(0, 80) || null,
    transactionStatus: text(n.transaction_status).slice(0, 40),
    grossAmount: text(n.gross_amount).slice(0, 40),
    outcome,
    body: n,
  };
  if (tx) await insertPaymentNotification(tx, row);
  else await inTransaction((t) => insertPaymentNotification(t, row));
}

/**
 * The payment webhook (INTEGRATIONS.md, Midtrans notification): the signature and the amount
 * are checked before anything else; the order moves PENDING → PAID on settlement (or an accepted
 * capture), → EXPIRED or CANCEL on expire or cancel; everything else (deny and failure included), and any
 * notification for an order that already left PENDING, changes nothing. A replay is a no-op.
 */
export async function handlePaymentNotification(body: Record<string, unknown>): Promise<{ outcome: NotificationOutcome }> {
  const n = body as PaymentNotification;
  const fields = {
    order_id: text(n.order_id),
    status_code: text(n.status_code),
    gross_amount: text(n.gross_amount),
    signature_key: text(n.signature_key),
  };
  if (!fields.order_id || !fields.status_code || !fields.gross_amount || !fields.signature_key || !text(n.transaction_status)) {
    throw new AppError('BAD_INPUT', 'Notifikasi pembayaran tidak lengkap');
  }
  const gateway = paymentGateway();
  if (!isSignatureValid(fields, await gateway.serverKey())) {
    await record(undefined, null, n, 'DITOLAK: tanda tangan tidak valid');
    throw new AppError('FORBIDDEN', 'Tanda tangan notifikasi tidak valid');
  }
  if (isUnboundNotification(gateway, text(n.transaction_status), fields.status_code)) {
    await record(
      undefined,
      null,
      n,
      `DITOLAK: status ${text(n.transaction_status).slice(0, 40)} tidak sesuai status_code ${fields.status_code.slice(0, 10)}`,
    );
    throw new AppError('BAD_INPUT', 'Status notifikasi tidak sesuai dengan kode statusnya');
  }
  const confirmed = await confirmedNotification(n, gateway);
  let effects: PaidEffects = {};
  // A refusal is returned, not thrown, so its audit row commits with the transaction.
  const outcome = await inTransaction(async (tx): Promise<NotificationOutcome | AppError> => {
    const order = await lockOrder(tx, { noOrder: fields.order_id });
    if (!order) {
      await record(tx, null, n, 'DITOLAK: order tidak dikenal');
      return new AppError('NOT_FOUND', 'Order tidak ditemukan');
    }
    const grossAmount = text(confirmed.gross_amount);
    if (rupiahOf(grossAmount) !== order.total_bayar) {
      await record(tx, order.id, n, `DITOLAK: jumlah ${grossAmount} ≠ ${order.total_bayar}`);
      return new AppError('BAD_INPUT', 'Jumlah pembayaran tidak sesuai dengan order');
    }
    const status = text(confirmed.transaction_status);
    const paid = isPaidStatus(status, text(confirmed.status_code), text(confirmed.fraud_status));
    if ((REFUND_STATUSES as readonly string[]).includes(status)) {
      const refund = await applyRefundNotification(tx, order.id, status, body);
      await record(tx, order.id, n, refund);
      return refund.startsWith('REFUND') ? 'REFUND' : 'IGNORED';
    }
    // Only an order still waiting for its payment reacts to a notification (order-status.ts).
    if (!decideOrder(order.no_order, { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store }, 'pay').ok) {
      await record(tx, order.id, n, `DIABAIKAN: order sudah ${order.status_order}`);
      return 'IGNORED';
    }
    if (paid) {
      // The time from the Get Status answer when there is one; never before the order existed.
      const at = jakartaTime(text(confirmed.settlement_time) || text(confirmed.transaction_time));
      effects = await markOrderPaid(tx, order, paidTimeOf(at, new Date(order.created_ms)), paymentDetails(n));
      await record(tx, order.id, n, 'PAID');
      return 'PAID';
    }
    if (status === 'pending') {
      await mergeOrderPembayaran(tx, order.id, paymentDetails(n));
      await record(tx, order.id, n, 'PENDING');
      return 'PENDING';
    }
    // deny and failure end one attempt, not the order: the member may pay again.
    const next = status === 'expire' ? 'EXPIRED' : status === 'cancel' ? 'CANCEL' : undefined;
    if (!next) {
      await record(tx, order.id, n, `DIABAIKAN: status ${status}`);
      return 'IGNORED';
    }
    await closeUnpaidOrder(tx, order, next, `Pembayaran ${status}`);
    await record(tx, order.id, n, next);
    return next;
  });
  if (outcome instanceof AppError) throw outcome;
  if (effects.newMember)
    await sendWelcomeMail(effects.newMember).catch((error) => console.error('[order] e-mail selamat datang gagal', error));
  return { outcome };
}

/** PENDING → EXPIRED or CANCEL by the gateway or the expiry job ('System'): moveOrder gives the reserved stock back. */
export async function closeUnpaidOrder(tx: Tx, order: LockedOrder, status: 'EXPIRED' | 'CANCEL', keterangan: string): Promise<void> {
  await moveOrder(tx, order, status === 'EXPIRED' ? 'expire' : 'cancel', { keterangan });
}
