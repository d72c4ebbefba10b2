import type { APIRoute } from 'astro';
import { z } from 'zod';
import { PayoutQuerySchema } from '../../../lib/schemas/payout';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { jsonParam } from '../../../server/range-filter';
import { listPayouts, requestPayout } from '../../../server/services/bonus/payouts';

const PayoutRequestSchema = z.object({
  bonus_ids: z
    .array(z.string().uuid('Bonus tidak valid'), { error: 'Pilih bonus yang akan ditarik' })
    .max(1000, 'Terlalu banyak bonus dalam satu penarikan'),
});

/** POST /member/bonus/payout: bonus_ids of the selected unpaid bonuses. */
export const POST = endpoint(async (ctx) => {
  const input = parseWith(PayoutRequestSchema, await readBody(ctx.request));
  const result = await requestPayout(requireMember(ctx), input.bonus_ids);
  return answer({ public_id: result.public_id }, result.message, 201);
}) satisfies APIRoute;

/** GET /member/bonus/payout: page, page_size, filter {created_at: {between}, status: {in}} as URL-encoded JSON. */
export const GET = endpoint(async (ctx) => {
  const q = ctx.url.searchParams;
  const filter = jsonParam<{ created_at?: { between?: string[] }; status?: { in?: string[] } }>(ctx.url, 'filter');
  const query = parseWith(PayoutQuerySchema, {
    from: filter.created_at?.between?.[0] ?? q.get('from') ?? '2000-01-01',
    to: filter.created_at?.between?.[1] ?? q.get('to') ?? '2999-12-31',
    status: filter.status?.in ?? q.getAll('status'),
    search: q.get('search') || undefined,
    page: q.get('page') ?? 1,
    page_size: q.get('page_size') ?? 10,
  });
  return answer(await listPayouts(requireMember(ctx), query));
}) satisfies APIRoute;
