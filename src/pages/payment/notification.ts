import type { APIRoute } from 'astro';
import { answer, endpoint, readBody } from '../../server/http';
import { handlePaymentNotification } from '../../server/services/order/handle-payment-notification';

/**
 * POST /payment/notification: the payment gateway's webhook (Midtrans HTTP notification, or the
 * simulator's). No session: the signature is the authentication. Answers 200 quickly once the
 * notification is handled or ignored; a bad signature 403, a wrong amount 400.
 */
export const POST = endpoint(async (ctx) => {
  const result = await handlePaymentNotification(await readBody(ctx.request));
  return answer(result, 'OK');
}) satisfies APIRoute;
