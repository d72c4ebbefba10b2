import type { APIRoute } from 'astro';
import { OmsetQuerySchema } from '../../../lib/schemas/omset';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { rangeFromFilter } from '../../../server/range-filter';
import { getOmset } from '../../../server/services/network/get-omset';

/** GET /member/reports/omset: filter {tgl_invoice between [from, to]} (URL-encoded JSON) and jenisOmset. */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  const query = parseWith(OmsetQuerySchema, {
    jenisOmset: q.get('jenisOmset') ?? 'default',
    ...rangeFromFilter(ctx.url, 'tgl_invoice', 'monthToDate'),
  });
  return answer(await getOmset(requireMember(ctx), query));
}) satisfies APIRoute;
