import type { APIRoute } from 'astro';
import { BankSchema } from '../../../../lib/schemas/account';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../../server/http';
import { updateBank } from '../../../../server/services/account/update-bank';

export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(BankSchema, await readBody(ctx.request));
  return answer(null, await updateBank(member, ctx.params.id, input));
}) satisfies APIRoute;
