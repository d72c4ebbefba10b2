import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { listTaxRows } from '../../../server/services/bonus/tax-slips';

const YearSchema = z.object({ year: z.coerce.number({ error: 'Tahun tidak valid' }).int('Tahun tidak valid').min(2000, 'Tahun tidak valid').max(2999, 'Tahun tidak valid') });

/** GET /member/reports/pph?year= (id_member is always the signed-in member). */
export const GET = endpoint(async (ctx) => {
  const { year } = parseWith(YearSchema, { year: ctx.url.searchParams.get('year') ?? new Date().getFullYear() });
  return answer({ rows: await listTaxRows(requireMember(ctx), year) });
}) satisfies APIRoute;
