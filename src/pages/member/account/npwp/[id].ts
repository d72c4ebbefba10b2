import type { APIRoute } from 'astro';
import { NpwpSchema } from '../../../../lib/schemas/account';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../../server/http';
import { updateNpwp } from '../../../../server/services/account/update-npwp';

export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(NpwpSchema, await readBody(ctx.request));
  return answer(null, await updateNpwp(member, ctx.params.id, input));
}) satisfies APIRoute;
