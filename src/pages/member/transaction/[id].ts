import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { getOrderDetail } from '../../../server/services/order/get-order-detail';

/** GET /member/transaction/{public_id} (spec/001 §7): the member's own order; others are a 404. */
export const GET = endpoint(async (ctx) => answer(await getOrderDetail(requireMember(ctx), ctx.params.id ?? ''))) satisfies APIRoute;
