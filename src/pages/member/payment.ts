import type { APIRoute } from 'astro';
import { PaymentRequestSchema } from '../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../server/http';
import { issuePaymentToken } from '../../server/services/order/issue-payment-token';

/** POST /member/payment { no_order }: the payment token and the script that opens the pop-up. */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const { no_order } = parseWith(PaymentRequestSchema, await readBody(ctx.request));
  return answer(await issuePaymentToken({ memberId: member.id, noOrder: no_order }));
}) satisfies APIRoute;
