import type { APIRoute } from 'astro';
import { answer, endpoint, readBodyBytes } from '../../server/http';
import { handlePayoutNotification } from '../../server/services/bonus/handle-payout-notification';

/**
 * POST /payout/notification: the disbursement provider's webhook (Midtrans Payouts/Iris, or the
 * built-in simulator's). No session: the signature (header Iris-Signature) over the raw bytes is
 * the authentication. 200 once handled or ignored (a duplicate, a replay, an older status); a bad
 * signature 403; an unknown reference 404 (the provider retries: the reconciliation may record
 * the reference meanwhile).
 */
export const POST = endpoint(async (ctx) => {
  const raw = new TextDecoder().decode(await readBodyBytes(ctx.request));
  const result = await handlePayoutNotification(raw, ctx.request.headers.get('iris-signature'));
  return answer(result, 'OK');
}) satisfies APIRoute;
