import type { APIRoute } from 'astro';
import { AutoWithdrawSchema } from '../../../../lib/schemas/account';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../../server/http';
import { setAutoWithdraw } from '../../../../server/services/account/set-auto-withdraw';

export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(AutoWithdrawSchema, await readBody(ctx.request));
  return answer({ auto_widraw: input.auto_widraw }, await setAutoWithdraw(member, ctx.params.id, input.auto_widraw));
}) satisfies APIRoute;
