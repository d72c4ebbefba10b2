import type { APIRoute } from 'astro';
import { OmsetQuerySchema } from '../../../lib/schemas/omset';
import { answer, endpoint, parseWith, requireMember } from '../../../server/http';
import { getOmset } from '../../../server/services/network/get-omset';

/** GET /member/reports/omset: filter {tgl_invoice between [from, to]} (URL-encoded JSON) and jenisOmset. */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  let between: unknown[] = [];
  try {
    const filter = JSON.parse(q.get('filter') ?? '{}') as { tgl_invoice?: { between?: unknown[] } };
    between = filter.tgl_invoice?.between ?? [];
  } catch { /* no filter */ }
  const query = parseWith(OmsetQuerySchema, {
    jenisOmset: q.get('jenisOmset') ?? 'default', from: between[0] ?? q.get('from'), to: between[1] ?? q.get('to'),
  });
  return answer(await getOmset(requireMember(ctx), query));
}) satisfies APIRoute;
