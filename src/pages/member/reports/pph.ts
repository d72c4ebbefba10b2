import type { APIRoute } from 'astro';
import { z } from 'zod';
import { jakartaYear } from '../../../lib/calendar';
import { yearNumber } from '../../../lib/schemas/date-range';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { listTaxRows } from '../../../server/services/bonus/tax-slips';

const YearSchema = z.object({ year: yearNumber('Tahun tidak valid', 2000, () => 2999) });

/** GET /member/reports/pph?year= (id_member is always the signed-in member). */
export const GET = endpoint(async (ctx) => {
  const { year } = parseWith(YearSchema, { year: ctx.url.searchParams.get('year') ?? jakartaYear() });
  return answer({ rows: await listTaxRows(requireMember(ctx), year) });
}) satisfies APIRoute;
