import type { APIRoute } from 'astro';
import { endSession } from '../server/services/auth/sessions';
import { clearSessionCookie } from '../server/session-cookie';

/** Ends the session server-side and clears the cookie (POST only: a link cannot log you out). */
export const POST = (async (ctx) => {
  await endSession(ctx.locals.sessionToken);
  clearSessionCookie(ctx.cookies);
  return ctx.redirect('/signin', 303);
}) satisfies APIRoute;
