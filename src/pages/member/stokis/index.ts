import type { APIRoute } from 'astro';
import { StokisReportQuerySchema } from '../../../lib/schemas/stokis';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { getStokisReport } from '../../../server/services/stokis/get-stokis-report';

/** GET /member/stokis: page_size, page, month, year (stockists only, 403 for others). */
export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const query = parseWith(StokisReportQuerySchema, Object.fromEntries(ctx.url.searchParams));
  return answer(await getStokisReport(member, query));
}) satisfies APIRoute;
