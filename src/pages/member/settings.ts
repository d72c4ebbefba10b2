import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../server/http';
import { getOrderSettings } from '../../server/services/order/get-order-settings';

/** GET /member/settings: use_ppn and the other order settings. */
export const GET = endpoint(async (ctx) => {
  requireMember(ctx);
  return answer(await getOrderSettings());
}) satisfies APIRoute;
