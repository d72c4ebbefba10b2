import type { APIRoute } from 'astro';
import { DateRangeSchema } from '../../../lib/schemas/date-range';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { rangeFromFilter } from '../../../server/range-filter';
import { monthlyBonusReport } from '../../../server/services/bonus/bonus-reports';

/** GET /member/reports/bonus-bulanan: filter {tanggal: {between: [month start, month end]}}. */
export const GET = endpoint(async (ctx) => {
  const range = parseWith(DateRangeSchema, rangeFromFilter(ctx.url, 'tanggal', 'monthToDate'));
  return answer(await monthlyBonusReport(requireMember(ctx), range.from.slice(0, 7), range.to.slice(0, 7)));
}) satisfies APIRoute;
