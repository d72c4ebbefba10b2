import type { APIRoute } from 'astro';
import { EmailCheckSchema } from '../../../lib/schemas/order';
import { answer, clientAddress, endpoint, parseWith, readBody } from '../../../server/http';
import { checkEmail } from '../../../server/services/order/check-email';
import { limitEmailChecks } from '../../../server/services/order/limit-email-checks';

/** POST /daftar/api/mail-check { email }: public, so rate-limited per client address (e-mail enumeration). */
export const POST = endpoint(async (ctx) => {
  await limitEmailChecks(clientAddress(ctx));
  const { email } = parseWith(EmailCheckSchema, await readBody(ctx.request));
  return answer(await checkEmail(email));
}) satisfies APIRoute;
