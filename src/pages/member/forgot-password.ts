import type { APIRoute } from 'astro';
import { ForgotPasswordSchema } from '../../lib/schemas/auth';
import { answer, clientAddress, endpoint, parseWith, readBody } from '../../server/http';
import { requestPasswordReset } from '../../server/services/auth/request-password-reset';

export const POST = endpoint(async (ctx) => {
  const input = parseWith(ForgotPasswordSchema, await readBody(ctx.request));
  return answer(null, await requestPasswordReset(input.username_or_id, clientAddress(ctx)));
}) satisfies APIRoute;
