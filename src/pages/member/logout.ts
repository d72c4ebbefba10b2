import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../server/http';
import { endSession } from '../../server/services/auth/sessions';
import { clearSessionCookie } from '../../server/session-cookie';

export const POST = endpoint(async (ctx) => {
  await endSession(ctx.locals.sessionToken);
  clearSessionCookie(ctx.cookies);
  return answer(null, 'Logout berhasil');
}) satisfies APIRoute;
