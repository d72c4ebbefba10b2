import type { APIRoute } from 'astro';
import { ShippingCostSchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { quoteShipping } from '../../../server/services/order/quote-shipping';

/** POST /daftar/api/shipping-cost: as /member/shipping-cost, for the referral page. */
export const POST = endpoint(async (ctx) => {
  const query = parseWith(ShippingCostSchema, await readBody(ctx.request));
  return answer(await quoteShipping({ gudangPublicId: query.gudang_id, kelurahanId: query.kelurahan_id, weight: query.weight }));
}) satisfies APIRoute;
