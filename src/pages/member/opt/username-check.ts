import type { APIRoute } from 'astro';
import { UsernameCheckSchema } from '../../../lib/schemas/order';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { checkUsername } from '../../../server/services/order/check-username';

/** POST /member/opt/username-check { check: { username, fullName } } → sugestion and errorMessage. */
export const POST = endpoint(async (ctx) => {
  requireMember(ctx);
  const { check } = parseWith(UsernameCheckSchema, await readBody(ctx.request));
  return answer(await checkUsername(check.username, check.fullName));
}) satisfies APIRoute;
