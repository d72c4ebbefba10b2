import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../../server/http';
import { getReturn } from '../../../../server/services/retur/get-return';

/** GET /member/transaction/retur/{public_id}: one of the member's own returns (others answer 404). */
export const GET = endpoint(async (ctx) => answer(await getReturn(requireMember(ctx), ctx.params.id ?? ''))) satisfies APIRoute;
