import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import {
  ADMIN_ACCOUNT,
  ADMIN_SIGNIN,
  ADMIN_TOKEN_PATH,
  isAdminApiPath,
  isAdminPath,
  isHeldForSecondFactor,
  mayOpen,
  resolveAdmin,
  SECOND_FACTOR_SETUP_FIRST,
} from './server/admin-access';
import { ensureReady } from './server/boot';
import { takeFlash } from './server/flash';
import { bearerToken, CROSS_SITE_REFUSED, isCrossSiteWrite, jsonResponse } from './server/http';
import { paymentScriptOrigin } from './server/integrations/payment';
import { installConsole, loggedPath, logRequest } from './server/log';
import { observeRequest } from './server/metrics';
import { modeRefusal } from './server/mode-routes';
import { isOfflineReadable, OFFLINE_FORGET, OFFLINE_KEY_HEADER, OFFLINE_UNTIL_HEADER } from './server/offline';
import { methodNotAllowed } from './server/page-methods';
import { markOwnWrites } from './server/read-your-writes';
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from './server/request-context';
import { completePolicy, HSTS, isHttpsRequest, SECURITY_HEADERS } from './server/response-headers';
import { isApiPath, isProbePath, isPublicPath, PROFILE_PATH } from './server/routes';
import { logServerError, serverErrorResponse } from './server/server-error';
import { offlineKeyOf } from './server/services/auth/offline-key';
import { type RequestSession, resolveRequestSession, SESSION_COOKIE } from './server/services/auth/sessions';
import { isClientAbort, isDatabaseUnavailable, logUnavailable, unavailableCause, unavailableResponse } from './server/unavailable';
import { viewOnlyRefusal } from './server/view-as';

/** The security headers of docs/security.md "Response headers"; HSTS only over HTTPS. */
function withHeaders(response: Response, https: boolean): Response {
  const headers = https ? { ...SECURITY_HEADERS, 'strict-transport-security': HSTS } : SECURITY_HEADERS;
  for (const [name, value] of Object.entries(headers)) {
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

/** A page's Content-Security-Policy (made by Astro) completed with frame-ancestors and Midtrans. */
function withPagePolicy(response: Response): Response {
  const policy = response.headers.get('content-security-policy');
  if (policy) {
    try {
      response.headers.set(
        'content-security-policy',
        completePolicy(policy, {
          sameOriginFraming: response.headers.get('x-frame-options')?.toUpperCase() === 'SAMEORIGIN',
          paymentOrigin: paymentScriptOrigin(),
        }),
      );
    } catch {
      /* immutable */
    }
  }
  return response;
}

/**
 * Loads the session, applies the redirect rules of spec/000 §2 and the security headers. A
 * database that cannot be reached, here or in the page or endpoint behind, answers 503
 * (src/server/unavailable.ts); any other error is logged and answers 500 (src/server/server-error.ts).
 */
// The log's console (src/server/log.ts); already in place under scripts/server.mjs, installed here for `astro dev` and the tests.
installConsole();

export const onRequest = defineMiddleware(async (ctx, next) => {
  const started = performance.now();
  const id = requestIdOf(ctx.request);
  const response = await withRequestId(id, () => answerRequest(ctx, next));
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    /* immutable */
  }
  const ms = performance.now() - started;
  observeRequest(ctx.routePattern, ctx.request.method, response.status, ms / 1000);
  logRequest({
    reqId: id,
    method: ctx.request.method,
    path: loggedPath(ctx.url.pathname, ctx.routePattern),
    status: response.status,
    durationMs: Math.round(ms * 10) / 10,
  });
  return response;
});

async function answerRequest(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  try {
    return await handle(ctx, next);
  } catch (error) {
    // A member who closed the tab mid-request: not an outage, and nobody to answer.
    if (isClientAbort(error, ctx.request)) return new Response(null, { status: 400 });
    const https = isHttpsRequest(ctx.request, ctx.url);
    if (isDatabaseUnavailable(error)) {
      logUnavailable(error);
      return withHeaders(unavailableResponse(isApiPath(ctx.url.pathname), unavailableCause(error)), https);
    }
    // Any other error of a page: logged once with its stack, answered with an Indonesian page
    // (Astro's own answer was an empty 500).
    logServerError(error, ctx.request);
    return withHeaders(serverErrorResponse(isApiPath(ctx.url.pathname)), https);
  }
}

async function handle(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  const path = ctx.url.pathname;
  const api = isApiPath(path);
  const https = isHttpsRequest(ctx.request, ctx.url);
  const notAllowed = methodNotAllowed(ctx.request.method, path);
  if (notAllowed) return withHeaders(notAllowed, https);
  // /healthz, /readyz and /metrics: no session, no seeding wait; each answers for itself.
  if (isProbePath(path)) return withHeaders(await next(), https);
  const bearer = bearerToken(ctx.request);
  if (isCrossSiteWrite(ctx.request, ctx.url)) {
    return withHeaders(
      api
        ? jsonResponse({ success: false, message: CROSS_SITE_REFUSED }, { status: 403 })
        : new Response(CROSS_SITE_REFUSED, { status: 403 }),
      https,
    );
  }
  const refused = modeRefusal(ctx);
  if (refused) return withHeaders(refused, https);
  await ensureReady();
  if (isAdminPath(path)) return withHeaders(withPagePolicy(await handleAdmin(ctx, next, bearer)), https);
  const token = bearer ?? ctx.cookies.get(SESSION_COOKIE)?.value;
  const session = token ? await resolveRequestSession(token) : undefined;
  const member = session?.member;
  if (session) {
    ctx.locals.member = session.member;
    ctx.locals.alertFacts = session.alertFacts;
    ctx.locals.sessionToken = token;
    markOwnWrites(session.member.id, ctx.request.method, ctx.cookies);
  } else if (token && !bearer) {
    ctx.cookies.delete(SESSION_COOKIE, { path: '/' });
  }

  const viewOnly = viewOnlyRefusal(member, ctx.request.method, path, api);
  if (viewOnly) return withHeaders(viewOnly, https);
  if (!member && !isPublicPath(path)) {
    if (api) {
      return withHeaders(jsonResponse({ success: false, message: 'Sesi berakhir, silakan login kembali' }, { status: 401 }), https);
    }
    return withHeaders(ctx.redirect('/signin', 302), https);
  }
  if (member && !api) {
    if (path === '/signin') return withHeaders(ctx.redirect('/', 302), https);
    if (!member.hasDomisili && path !== PROFILE_PATH && !isPublicPath(path) && ctx.request.method === 'GET') {
      const target = new URL(PROFILE_PATH, ctx.url);
      target.searchParams.set('field', 'domisili');
      target.searchParams.set('fallback', path + ctx.url.search);
      return withHeaders(ctx.redirect(target.pathname + target.search, 302), https);
    }
  }
  // Taken here, before the page streams: a component deleting the cookie once the body has
  // started is ignored, and the message came back on every page for its 60 s.
  if (!api && ctx.request.method === 'GET') ctx.locals.flash = takeFlash(ctx.cookies);
  // A page the service worker may keep for offline reading: it carries the hidden "Offline: data per" line.
  const readable = Boolean(member && !bearer && !api && ctx.request.method === 'GET' && isOfflineReadable(path));
  if (readable) ctx.locals.offlineSince = new Date();
  let response = await next();
  // An unknown path or id under /member is an API call: it answers JSON, never the HTML 404 page.
  if (api && response.status === 404 && !response.headers.get('content-type')?.includes('json')) {
    response = jsonResponse({ success: false, message: 'Data tidak ditemukan' }, { status: 404 });
  }
  if (!api && !response.headers.has('cache-control')) {
    try {
      response.headers.set('cache-control', member ? 'private, no-store' : 'no-cache');
    } catch {
      /* immutable */
    }
  }
  // A file the page answers instead (the PPh report's bukti potong PDF) is a download, not a page to keep.
  const keep = readable && response.status === 200 && !response.headers.get('content-disposition')?.startsWith('attachment');
  if (!api) await offlineCue(response, session, keep ? token : undefined);
  return withHeaders(api ? response : withPagePolicy(response), https);
}

/**
 * The service worker's cue (src/server/offline.ts, public/sw.js): keep this page under the
 * session's key until the session ends, or, on a page answered without a session, erase every
 * kept page. Cache-Control stays `private, no-store`: the browser's HTTP cache, which logout
 * cannot empty, never holds a member's page.
 */
async function offlineCue(response: Response, session: RequestSession | undefined, token: string | undefined): Promise<void> {
  const offline = token && session ? await offlineKeyOf(token, session.end) : undefined;
  try {
    if (!session) response.headers.set(OFFLINE_KEY_HEADER, OFFLINE_FORGET);
    else if (offline) {
      response.headers.set(OFFLINE_KEY_HEADER, offline.key);
      response.headers.set(OFFLINE_UNTIL_HEADER, String(offline.until.getTime()));
    }
  } catch {
    /* immutable */
  }
}

/** The operator console (DESIGN.md §7): its own session, its own sign-in, pages filtered by role. */
async function handleAdmin(ctx: APIContext, next: MiddlewareNext, bearer: string | undefined): Promise<Response> {
  const path = ctx.url.pathname;
  const operator = await resolveAdmin(ctx.cookies, bearer);
  if (!operator) {
    if (path === ADMIN_SIGNIN || path === ADMIN_TOKEN_PATH) return next();
    if (isAdminApiPath(path))
      return jsonResponse({ success: false, message: 'Token operator tidak sah atau kedaluwarsa' }, { status: 401 });
    return ctx.redirect(ADMIN_SIGNIN, 302);
  }
  ctx.locals.operator = operator;
  if (path === ADMIN_SIGNIN) return ctx.redirect('/admin', 302);
  if (isHeldForSecondFactor(operator, path)) {
    return isAdminApiPath(path)
      ? jsonResponse({ success: false, message: SECOND_FACTOR_SETUP_FIRST }, { status: 403 })
      : ctx.redirect(ADMIN_ACCOUNT, 302);
  }
  if (!mayOpen(operator, path)) return forbiddenPage();
  const response = await next();
  try {
    response.headers.set('cache-control', 'private, no-store');
  } catch {
    /* immutable */
  }
  return response;
}

/** The console's refusal for a page the operator's role may not open: a page with a way back, not bare text. */
function forbiddenPage(): Response {
  const html =
    '<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Akses ditolak · Konsol Operator</title></head><body><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">' +
    '<h1>Akses ditolak</h1><p>Peran Anda tidak boleh membuka halaman ini</p><p><a href="/admin">Kembali ke Ringkasan</a></p></main></body></html>';
  return new Response(html, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
