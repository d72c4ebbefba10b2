import type { APIRoute } from 'astro';
import { DateRangeSchema } from '../../../lib/schemas/date-range';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { rangeFromFilter } from '../../../server/range-filter';
import { dailyBonusReport } from '../../../server/services/bonus/bonus-reports';

/** GET /member/reports/bonus-harian: filter {tanggal: {between: [from, to]}}. */
export const GET = endpoint(async (ctx) => {
  const range = parseWith(DateRangeSchema, rangeFromFilter(ctx.url, 'tanggal', 'monthToDate'));
  return answer(await dailyBonusReport(requireMember(ctx), range.from, range.to));
}) satisfies APIRoute;
