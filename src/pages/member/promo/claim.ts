import type { APIRoute } from 'astro';
import { PromoClaimSchema } from '../../../lib/schemas/promo';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { claimPromo } from '../../../server/services/promo/claim-promo';

/** POST /member/promo/claim { promo_id }: one claim (1x); message 'claim berhasil'. */
export const POST = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(PromoClaimSchema, await readBody(ctx.request));
  const result = await claimPromo(member, input.promo_id);
  return answer({ public_id: result.public_id, no: result.no }, result.message, 201);
}) satisfies APIRoute;
