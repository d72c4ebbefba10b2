import type { APIRoute } from 'astro';
import { GudangQuerySchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { findWarehouses } from '../../../server/services/order/find-warehouses';

/** POST /daftar/api/gudang: warehouses for online delivery only (no pickup on the referral page). */
export const POST = endpoint(async (ctx) => {
  const query = parseWith(GudangQuerySchema, await readBody(ctx.request));
  return answer(await findWarehouses(query.carts, { online: true, pickup: false }));
}) satisfies APIRoute;
