import type { APIRoute } from 'astro';
import { GudangQuerySchema } from '../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../server/http';
import { findWarehouses } from '../../server/services/order/find-warehouses';

/** POST /member/gudang: the warehouses that stock the whole cart for delivery or pickup. */
export const POST = endpoint(async (ctx) => {
  requireMember(ctx);
  const query = parseWith(GudangQuerySchema, await readBody(ctx.request));
  return answer(await findWarehouses(query.carts, { online: query.is_online_pickup, pickup: query.is_offline_pickup }));
}) satisfies APIRoute;
