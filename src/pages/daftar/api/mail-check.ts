import type { APIRoute } from 'astro';
import { EmailCheckSchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { checkEmail } from '../../../server/services/order/check-email';

export const POST = endpoint(async (ctx) => {
  const { email } = parseWith(EmailCheckSchema, await readBody(ctx.request));
  return answer(await checkEmail(email));
}) satisfies APIRoute;
