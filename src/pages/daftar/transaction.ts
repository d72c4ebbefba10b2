import type { APIRoute } from 'astro';
import { ReferralOrderSchema } from '../../lib/schemas/order';
import { answer, clientAddress, endpoint, parseWith, readBody } from '../../server/http';
import { createReferralOrder } from '../../server/services/order/create-referral-order';
import { ORDER_CREATED } from '../member/transaction/index';

/** POST /daftar/transaction: the referral page's registration order (no sign-in; joinme names the sponsor). */
export const POST = endpoint(async (ctx) => {
  const input = parseWith(ReferralOrderSchema, await readBody(ctx.request));
  const { public_id, no_order, created } = await createReferralOrder(input, clientAddress(ctx));
  return answer({ public_id, no_order }, ORDER_CREATED, created ? 201 : 200);
}) satisfies APIRoute;
