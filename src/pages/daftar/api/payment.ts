import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { getReferralOrderStatus } from '../../../server/services/order/get-referral-order-status';
import { issuePaymentToken } from '../../../server/services/order/issue-payment-token';

const Query = z.object({ public_id: z.string({ error: 'Order tidak ditemukan' }).uuid('Order tidak ditemukan') });

/** POST /daftar/api/payment { public_id }: the pop-up token of a referral order (the id is its capability). */
export const POST = endpoint(async (ctx) => {
  const { public_id } = parseWith(Query, await readBody(ctx.request));
  return answer(await issuePaymentToken({ publicId: public_id, viaReferral: true }));
}) satisfies APIRoute;

/** GET /daftar/api/payment?public_id=: the referral order's status, shown after the pop-up closes. */
export const GET = endpoint(async (ctx) => {
  const { public_id } = parseWith(Query, { public_id: ctx.url.searchParams.get('public_id') ?? undefined });
  return answer(await getReferralOrderStatus(public_id));
}) satisfies APIRoute;
