import type { APIRoute } from 'astro';
import { PromoOptQuerySchema } from '../../../lib/schemas/promo';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { listPromoOptions } from '../../../server/services/promo/list-promo-options';

/** GET /member/promo/opt: promos for the 'Pilih Reward' select (optional periode_status). */
export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const query = parseWith(PromoOptQuerySchema, { periode_status: ctx.url.searchParams.get('periode_status') ?? undefined });
  return answer(await listPromoOptions(member, query.periode_status));
}) satisfies APIRoute;
