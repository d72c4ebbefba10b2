import type { APIRoute } from 'astro';
import { BonusQuerySchema } from '../../../lib/schemas/bonus';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { jsonParam, rangeFromFilter } from '../../../server/range-filter';
import { listBonuses } from '../../../server/services/bonus/list-bonuses';

/** GET /member/bonus: page, page_size, filter {tanggal: {between}, status_transfer: {in}} as URL-encoded JSON. */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  const filter = jsonParam<{ status_transfer?: { in?: string[] } }>(ctx.url, 'filter');
  const query = parseWith(BonusQuerySchema, {
    ...rangeFromFilter(ctx.url, 'tanggal', 'last30'),
    status: filter.status_transfer?.in ?? q.getAll('status'),
    page: q.get('page') ?? 1,
    page_size: q.get('page_size') ?? 10,
  });
  return answer(await listBonuses(requireMember(ctx), query));
}) satisfies APIRoute;
