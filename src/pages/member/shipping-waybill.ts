import type { APIRoute } from 'astro';
import { WaybillSchema } from '../../lib/schemas/order-list';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../server/http';
import { trackOrder } from '../../server/services/order/track-order';

/** POST /member/shipping-waybill { public_id, waybill, courier } → { rajaongkir: { result: { manifest } } } (spec/001 §7). */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(WaybillSchema, await readBody(ctx.request));
  return answer(await trackOrder(member, input));
}) satisfies APIRoute;
