import { randomUUID } from 'node:crypto';
import { getDb } from '../../db/client';
import { simulatorOrderByToken } from '../../db/queries/orders';
import { AppError } from '../../errors';
import { notificationSignature } from '../../integrations/payment/signature';
import { simulatorGateway } from '../../integrations/payment/simulator';
import { handlePaymentNotification, type NotificationOutcome } from './handle-payment-notification';

export type SimulatedResult = 'success' | 'pending' | 'error';

export interface SimulatorOrder {
  no_order: string;
  total_bayar: number;
  payment_method: string;
  status_order: string;
}

/** The order a simulator token pays (the token is the capability, as Snap's is). */
export async function findSimulatorOrder(token: string): Promise<SimulatorOrder | undefined> {
  if (!/^SIM-[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  return simulatorOrderByToken(await getDb(), token);
}

/** Midtrans' payload details per method, as the notification would carry them. */
function methodFields(method: string, noOrder: string): Record<string, unknown> {
  const digits = noOrder.replace(/\D/g, '').slice(-10).padStart(10, '0');
  if (method.endsWith('_va') && method !== 'permata_va')
    return { payment_type: 'bank_transfer', va_numbers: [{ bank: method.replace('_va', ''), va_number: `8808${digits}` }] };
  if (method === 'permata_va') return { payment_type: 'bank_transfer', permata_va_number: `8778${digits}` };
  if (method === 'echannel') return { payment_type: 'echannel', biller_code: '70012', bill_key: digits };
  if (method === 'qris' || method === 'gopay' || method === 'shopeepay')
    return { payment_type: method, acquirer: method === 'qris' ? 'gopay' : method };
  if (method === 'indomaret' || method === 'alfamart') return { payment_type: 'cstore', store: method, payment_code: digits };
  return { payment_type: method };
}

/**
 * The simulator's pop-up answer: builds the notification Midtrans would send for that outcome,
 * signed with the simulator's key, and hands it to the same webhook handler.
 */
export async function simulatePayment(
  token: string,
  result: SimulatedResult,
): Promise<{ outcome: NotificationOutcome; status_code: string }> {
  const order = await findSimulatorOrder(token);
  if (!order) throw new AppError('NOT_FOUND', 'Token pembayaran tidak dikenal');
  const now = new Date();
  const jakarta = new Date(now.getTime() + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
  const status = { success: ['settlement', '200'], pending: ['pending', '201'], error: ['deny', '202'] }[result];
  const grossAmount = `${order.total_bayar}.00`;
  const body: Record<string, unknown> = {
    transaction_time: jakarta,
    transaction_status: status[0],
    transaction_id: randomUUID(),
    status_message: 'Simulator',
    status_code: status[1],
    order_id: order.no_order,
    gross_amount: grossAmount,
    currency: 'IDR',
    fraud_status: 'accept',
    ...methodFields(order.payment_method, order.no_order),
    ...(result === 'success' ? { settlement_time: jakarta } : {}),
    ...(result === 'pending'
      ? { expiry_time: new Date(now.getTime() + 7 * 3_600_000 + 86_400_000).toISOString().replace('T', ' ').slice(0, 19) }
      : {}),
  };
  body.signature_key = notificationSignature(order.no_order, status[1]!, grossAmount, await simulatorGateway.serverKey());
  const { outcome } = await handlePaymentNotification(body);
  return { outcome, status_code: status[1]! };
}
