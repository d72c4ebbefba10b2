import type { APIRoute } from 'astro';
import { ProfileSchema } from '../../../lib/schemas/account';
import { AppError } from '../../../server/errors';
import { answer, endpoint, parseWith, readBody, requireMember } from '../../../server/http';
import { getProfile } from '../../../server/services/account/get-profile';
import { updateProfile } from '../../../server/services/account/update-profile';

/** GET /member/account/{section}: the profile fetch (section 'profile'). */
export const GET = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  if (ctx.params.id !== 'profile') throw new AppError('NOT_FOUND', 'Bagian akun tidak dikenal');
  return answer(await getProfile(member));
}) satisfies APIRoute;

/** PUT /member/account/{id}: the Data Member form; {id} is the member's own public_id. */
export const PUT = endpoint(async (ctx) => {
  const member = requireMember(ctx);
  const input = parseWith(ProfileSchema, await readBody(ctx.request));
  return answer(null, await updateProfile(member, ctx.params.id, input));
}) satisfies APIRoute;
