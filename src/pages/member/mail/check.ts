import type { APIRoute } from 'astro';
import { EmailCheckSchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { checkEmail } from '../../../server/services/order/check-email';

/** POST /member/mail/check { email }: 200 when usable, 400 'Email tidak valid' otherwise. */
export const POST = endpoint(async (ctx) => {
  requireMember(ctx);
  const { email } = parseWith(EmailCheckSchema, await readBody(ctx.request));
  return answer(await checkEmail(email));
}) satisfies APIRoute;
