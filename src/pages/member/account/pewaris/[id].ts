import type { APIRoute } from 'astro';
import { HeirSchema } from '../../../../lib/schemas/account';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../../server/http';
import { updateHeir } from '../../../../server/services/account/update-heir';

export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(HeirSchema, await readBody(ctx.request));
  return answer(null, await updateHeir(member, ctx.params.id, input));
}) satisfies APIRoute;
