import type { APIRoute } from 'astro';
import { DateRangeSchema } from '../../../lib/schemas/date-range';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { rangeFromFilter } from '../../../server/range-filter';
import { withdrawalReport } from '../../../server/services/bonus/bonus-reports';

/** GET /member/reports/redemption-statement: completed payouts, filter {completed_at: {between}}. */
export const GET = endpoint(async (ctx) => {
  const range = parseWith(DateRangeSchema, rangeFromFilter(ctx.url, 'completed_at', 'last30'));
  return answer(await withdrawalReport(requireMember(ctx), range.from, range.to));
}) satisfies APIRoute;
