import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { getPromo } from '../../../server/services/promo/get-promo';

/** GET /member/promo/{id}: the promo with the member's qualification, omsets and claims. */
export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  return answer(await getPromo(member, ctx.params.id ?? ''));
}) satisfies APIRoute;
