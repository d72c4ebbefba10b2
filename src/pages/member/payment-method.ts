import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../server/http';
import { listPaymentMethods } from '../../server/services/order/list-payment-methods';

/** GET /member/payment-method: methods with fix_charge, float_charge and ppn. */
export const GET = endpoint(async (ctx) => {
  requireMember(ctx);
  return answer(await listPaymentMethods());
}) satisfies APIRoute;
