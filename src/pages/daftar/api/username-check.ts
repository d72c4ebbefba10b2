import type { APIRoute } from 'astro';
import { UsernameCheckSchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { checkUsername } from '../../../server/services/order/check-username';

export const POST = endpoint(async (ctx) => {
  const { check } = parseWith(UsernameCheckSchema, await readBody(ctx.request));
  return answer(await checkUsername(check.username, check.fullName));
}) satisfies APIRoute;
