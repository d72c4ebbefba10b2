import type { APIRoute } from 'astro';
import { ChangePasswordSchema } from '../../../lib/schemas/auth';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { changePassword } from '../../../server/services/account/change-password';

export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(ChangePasswordSchema, await readBody(ctx.request));
  return answer(null, await changePassword(member, ctx.locals.sessionToken, input.password_lama, input.password_baru));
}) satisfies APIRoute;
