import { createHash, timingSafeEqual } from 'node:crypto';

/** Midtrans' notification signature: sha512(order_id + status_code + gross_amount + server key), hex. */
export function notificationSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512')
    .update(orderId + statusCode + grossAmount + serverKey)
    .digest('hex');
}

/** Compares in constant time, fields concatenated exactly as received. */
export function isSignatureValid(
  body: { order_id: string; status_code: string; gross_amount: string; signature_key: string },
  serverKey: string,
): boolean {
  const expected = Buffer.from(notificationSignature(body.order_id, body.status_code, body.gross_amount, serverKey));
  const given = Buffer.from(String(body.signature_key ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
