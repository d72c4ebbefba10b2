import type { APIRoute } from 'astro';
import { answer, endpoint, requireMember } from '../../../server/http';
import { searchDownline } from '../../../server/services/network/search-downline';

/** GET /member/opt/downline?search=: autocomplete items (id_member, nama) from the own downline. */
export const GET = endpoint(async (ctx) =>
  answer(await searchDownline(requireMember(ctx), ctx.url.searchParams.get('search') ?? '')),
) satisfies APIRoute;
