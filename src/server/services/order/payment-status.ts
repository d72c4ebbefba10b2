import { AppError } from '../../errors';
import type { PaymentGateway, PaymentNotification } from '../../integrations/payment';

/**
 * The status_code that goes with each transaction_status (docs.midtrans.com "code statuses",
 * "expire transaction"). The signature covers status_code but not transaction_status, so a
 * status that does not match its code is a signed notification replayed with another status.
 * Expire is 407 only: Midtrans also sends it with 202, the code of deny, which would let a signed
 * deny close the order; with Midtrans keys the Get Status answer decides instead (see below).
 */
const STATUS_CODES: Readonly<Record<string, readonly string[]>> = {
  settlement: ['200'],
  capture: ['200'],
  pending: ['201'],
  cancel: ['200'],
  expire: ['407'],
  deny: ['202'],
  failure: ['202'],
  refund: ['200'],
  partial_refund: ['200'],
  chargeback: ['200', '202'],
  partial_chargeback: ['200', '202'],
};

/** Whether the notification's transaction_status belongs to its (signed) status_code. */
export function isStatusBound(status: string, statusCode: string): boolean {
  return STATUS_CODES[status]?.includes(statusCode) ?? false;
}

/**
 * Whether a notification must be refused for an unbound status: always with the simulator; with
 * a gateway that confirms (Midtrans) the notification only says "ask", so nothing it claims counts.
 */
export function isUnboundNotification(gateway: PaymentGateway, status: string, statusCode: string): boolean {
  return !gateway.transactionStatus && !isStatusBound(status, statusCode);
}

/** Paid = settlement, or a card capture that the fraud check accepted, both with status_code 200. */
export function isPaidStatus(status: string, statusCode: string, fraudStatus: string): boolean {
  if (statusCode !== '200') return false;
  return status === 'settlement' || (status === 'capture' && fraudStatus === 'accept');
}

/**
 * Midtrans' own advice: before acting on a notification, ask its Get Status API. The fields that
 * decide (status, code, fraud status, amount) are taken from that answer; the simulator signs its
 * notifications itself and has nothing to ask.
 */
export async function confirmedNotification(n: PaymentNotification, gateway: PaymentGateway): Promise<PaymentNotification> {
  if (!gateway.transactionStatus) return n;
  const status = await gateway.transactionStatus(String(n.order_id));
  if (status.order_id !== n.order_id) throw new AppError('BAD_INPUT', 'Status pembayaran tidak cocok dengan notifikasi');
  return {
    ...n,
    transaction_status: status.transaction_status,
    status_code: status.status_code,
    gross_amount: status.gross_amount,
    fraud_status: status.fraud_status,
    // The paid time too: a signed notification cannot date the invoice where it likes.
    settlement_time: status.settlement_time,
    transaction_time: status.transaction_time,
  };
}
