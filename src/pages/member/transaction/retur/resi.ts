import type { APIRoute } from 'astro';
import { ReturResiSchema } from '../../../../lib/schemas/retur';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../../server/http';
import { submitReturnResi } from '../../../../server/services/retur/submit-resi';

/** POST /member/transaction/retur/resi: public_id, ekspedisi, resi of an APPROVED return. */
export const POST = endpoint(async (ctx) => {
  const input = parseWith(ReturResiSchema, await readBody(ctx.request));
  const result = await submitReturnResi(requireMember(ctx), input);
  return answer(null, result.message);
}) satisfies APIRoute;
