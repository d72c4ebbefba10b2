import type { APIRoute } from 'astro';
import { ResetPasswordSchema } from '../../lib/schemas/auth';
import { answer, endpoint, parseWith, readBody } from '../../server/http';
import { resetPassword } from '../../server/services/auth/reset-password';

export const POST = endpoint(async (ctx) => {
  const input = parseWith(ResetPasswordSchema, await readBody(ctx.request));
  return answer(null, await resetPassword(input.token, input.password));
}) satisfies APIRoute;
