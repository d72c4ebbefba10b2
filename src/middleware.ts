import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE, resolveSession } from './server/services/auth/sessions';
import { PROFILE_PATH, isApiPath, isPublicPath } from './server/routes';
import { ensureReady } from './server/boot';
import { isDatabaseUnavailable, logUnavailable, unavailableResponse } from './server/unavailable';

const securityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function withHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!response.headers.has(name)) {
      try {
        response.headers.set(name, value);
      } catch {
        // Some responses (redirects made by Astro) have immutable headers; they carry no content.
      }
    }
  }
  return response;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Any state-changing request that is not authorised by an explicit bearer token must come from
 * our own origin (DESIGN.md §4). Astro's checkOrigin is off (docs/decisions/0004-sessions.md):
 * it only refuses form content types, so cross-site JSON with the cookie passed it, and it
 * refused a bearer client's POST without a body.
 */
export function isCrossSiteWrite(request: Request, url: URL, hasBearer: boolean): boolean {
  if (SAFE_METHODS.has(request.method) || hasBearer) return false;
  const origin = request.headers.get('origin');
  if (origin) return origin !== url.origin;
  return request.headers.get('sec-fetch-site') === 'cross-site';
}

/**
 * Loads the session and applies the redirect rules of spec/000 §2; nothing else. A database that
 * cannot be reached, here or in the page or endpoint behind, answers 503 (src/server/unavailable.ts).
 */
export const onRequest = defineMiddleware(async (ctx, next) => {
  try {
    return await handle(ctx, next);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logUnavailable(error);
    return withHeaders(unavailableResponse(isApiPath(ctx.url.pathname)));
  }
});

async function handle(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  const path = ctx.url.pathname;
  const api = isApiPath(path);
  const bearer = ctx.request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (isCrossSiteWrite(ctx.request, ctx.url, Boolean(bearer))) {
    return withHeaders(api
      ? Response.json({ success: false, message: 'Permintaan lintas situs ditolak' }, { status: 403 })
      : new Response('Permintaan lintas situs ditolak', { status: 403 }));
  }
  await ensureReady();
  const token = bearer ?? ctx.cookies.get(SESSION_COOKIE)?.value;
  const member = token ? await resolveSession(token) : undefined;
  if (member) {
    ctx.locals.member = member;
    ctx.locals.sessionToken = token;
  } else if (token && !bearer) {
    ctx.cookies.delete(SESSION_COOKIE, { path: '/' });
  }

  if (!member && !isPublicPath(path)) {
    if (api) {
      return withHeaders(Response.json({ success: false, message: 'Sesi berakhir, silakan login kembali' }, { status: 401 }));
    }
    return ctx.redirect('/signin', 302);
  }
  if (member && !api) {
    if (path === '/signin') return ctx.redirect('/', 302);
    if (!member.hasDomisili && path !== PROFILE_PATH && !isPublicPath(path) && ctx.request.method === 'GET') {
      const target = new URL(PROFILE_PATH, ctx.url);
      target.searchParams.set('field', 'domisili');
      target.searchParams.set('fallback', path + ctx.url.search);
      return ctx.redirect(target.pathname + target.search, 302);
    }
  }
  const response = await next();
  if (!api && !response.headers.has('cache-control')) {
    try {
      response.headers.set('cache-control', member ? 'private, no-store' : 'no-cache');
    } catch { /* immutable */ }
  }
  return withHeaders(response);
}
