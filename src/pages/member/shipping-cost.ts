import type { APIRoute } from 'astro';
import { ShippingCostSchema } from '../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../server/http';
import { quoteShipping } from '../../server/services/order/quote-shipping';

/** POST /member/shipping-cost: couriers with service, etd and cost; courier insurance; subsidy tiers. */
export const POST = endpoint(async (ctx) => {
  requireMember(ctx);
  const query = parseWith(ShippingCostSchema, await readBody(ctx.request));
  return answer(await quoteShipping({ gudangPublicId: query.gudang_id, kelurahanId: query.kelurahan_id, weight: query.weight }));
}) satisfies APIRoute;
