import type { APIRoute } from 'astro';
import { DownlineQuerySchema } from '../../../lib/schemas/downline';
import { answer, endpoint, requireMember } from '../../../server/http';
import { jsonParam } from '../../../server/range-filter';
import { downlineCsv, downlineCsvHeaders } from '../../../server/services/network/downline-csv';
import { getDownlineReport, getDownlineSummary } from '../../../server/services/network/get-downline-report';

/**
 * GET /member/reports/downline-report: filter is URL-encoded JSON with page, sizePerPage,
 * summary, posisiMember, cariNama, exportcsv (spec/000 §7); plain query parameters work too.
 * `after`/`before` (an ID Member: next_cursor/prev_cursor of the answer) page by keyset (ADR 0018).
 */
export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const q = ctx.url.searchParams;
  const filter = jsonParam<Record<string, unknown>>(ctx.url, 'filter');
  const query = DownlineQuerySchema.parse({
    posisi: filter.posisiMember ?? q.get('posisi') ?? undefined,
    cariNama: filter.cariNama ?? q.get('search') ?? q.get('cariNama') ?? undefined,
    page: filter.page ?? q.get('page') ?? 1,
    after: filter.after ?? q.get('after') ?? undefined,
    before: filter.before ?? q.get('before') ?? undefined,
  });
  if (filter.summary === true || q.get('summary') === 'true') return answer(await getDownlineSummary(member));
  if (filter.exportcsv === true || q.get('exportcsv') === 'true') {
    return new Response(await downlineCsv(member, query), { headers: downlineCsvHeaders() });
  }
  return answer(await getDownlineReport(member, { ...query, pageSize: 20 }));
}) satisfies APIRoute;
