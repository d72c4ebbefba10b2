import type { APIRoute } from 'astro';
import { MarkDoneSchema } from '../../../../lib/schemas/order-list';
import { answer, assertNotCrossSite, endpoint, parseWith, requireMember } from '../../../../server/http';
import { markOrderDone } from '../../../../server/services/order/mark-order-done';

/**
 * GET /member/transaction/process-selesai/{public_id} (spec/001 §7, the documents' method), with
 * no_order as an optional check: RECEIVED → DONE for the owner only.
 */
export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  assertNotCrossSite(ctx);
  const input = parseWith(MarkDoneSchema, { id: ctx.params.id, no_order: ctx.url.searchParams.get('no_order') ?? undefined });
  const result = await markOrderDone(member, input.id, input.no_order);
  return answer(result, result.message);
}) satisfies APIRoute;
