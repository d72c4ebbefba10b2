import type { APIContext } from 'astro';
import type { z } from 'zod';
import { fieldErrors } from '../lib/schemas/parse';
import { AppError } from './errors';
import { trustedHops } from './mode';
import { GENERAL_ERROR, logServerError } from './server-error';
import { isClientAbort, isDatabaseUnavailable, logUnavailable, unavailableResponse } from './unavailable';

export { GENERAL_ERROR };
export const BAD_FORMAT = 'Format data tidak valid';
/** The message of a field whose schema names none (zod's own texts are English and technical). */
export const DATA_INVALID = 'Data yang dikirim tidak valid';
const MAX_BODY_BYTES = 1_000_000;

/**
 * Response.json with a Content-Length: the server (scripts/server.mjs) compresses only bodies of
 * 1 KB or more, and without a length it cannot tell a short answer from a long one.
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  headers.set('content-length', String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}

/** PostgreSQL text cannot hold NUL: refused at the edge instead of failing in the query. */
export const hasNul = (value: unknown): boolean => JSON.stringify(value)?.includes('\\u0000') ?? false;

/** The envelope of every /member answer (DESIGN.md §1). */
export function answer(result: unknown, message = 'OK', status = 200): Response {
  return jsonResponse({ success: status < 400, message, result }, { status, headers: { 'cache-control': 'no-store' } });
}

export function failure(error: unknown, request?: Request): Response {
  if (error instanceof AppError) {
    return jsonResponse(
      { success: false, message: error.message, errors: error.fields },
      { status: error.status, headers: { 'cache-control': 'no-store' } },
    );
  }
  if (isClientAbort(error)) return jsonResponse({ success: false, message: BAD_FORMAT }, { status: 400 });
  if (isDatabaseUnavailable(error)) {
    logUnavailable(error);
    return unavailableResponse(true);
  }
  logServerError(error, request);
  return jsonResponse({ success: false, message: GENERAL_ERROR }, { status: 500 });
}

export const TOO_LARGE = 'Data yang dikirim terlalu besar';

/**
 * The body's bytes, counted as they arrive: a chunked body has no Content-Length to check first,
 * so without the count it would be buffered whole, however large.
 */
export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw new AppError('BAD_INPUT', TOO_LARGE);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // No cancel(): undici may still be enqueueing into a cancelled stream and throws unhandled.
    if (size > limit) throw new AppError('BAD_INPUT', TOO_LARGE);
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A form read from at most `limit` bytes (FormData's own parser reads everything it is given). */
export async function boundedFormData(request: Request): Promise<FormData> {
  const bytes = await readBodyBytes(request);
  return new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
}

/** No request of the portal nests deeper than a few levels; a deeper body is refused before anything walks it. */
const MAX_JSON_DEPTH = 16;
function tooDeep(value: unknown, depth = 0): boolean {
  if (depth > MAX_JSON_DEPTH) return true;
  if (!value || typeof value !== 'object') return false;
  for (const child of Object.values(value)) if (tooDeep(child, depth + 1)) return true;
  return false;
}

/** Reads a JSON or form body (the documents' client sends JSON; plain HTML forms send forms). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = new TextDecoder().decode(await readBodyBytes(request));
    if (!text.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('BAD_INPUT', BAD_FORMAT);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || tooDeep(parsed) || hasNul(parsed))
      throw new AppError('BAD_INPUT', BAD_FORMAT);
    return parsed as Record<string, unknown>;
  }
  if (type.includes('form')) {
    const bytes = await readBodyBytes(request);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
    } catch {
      // A multipart body without its boundary, or cut short.
      throw new AppError('BAD_INPUT', BAD_FORMAT);
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) if (typeof value === 'string') out[key] = value;
    if (hasNul(out)) throw new AppError('BAD_INPUT', BAD_FORMAT);
    return out;
  }
  // A body of another type (JSON sent as text/plain, XML) is refused, not read as empty: an
  // all-optional update must not clear a member's data because the client forgot the header.
  if (new TextDecoder().decode(await readBodyBytes(request)).trim()) throw new AppError('BAD_INPUT', BAD_FORMAT);
  return {};
}

/**
 * The form of a page's plain POST. A body that is not a readable form (another content type, a
 * multipart without its boundary) or carries a NUL reads as an empty form, so the page answers
 * with its own Indonesian field messages instead of a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    const form = await boundedFormData(request);
    if (!hasNul([...form.entries()].map(([, v]) => (typeof v === 'string' ? v : '')))) return form;
  } catch {
    /* unreadable: empty */
  }
  return new FormData();
}

/** Parses with the shared zod schema; bad input becomes a 400 with the first Indonesian message. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data, { error: () => DATA_INVALID });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new AppError('BAD_INPUT', Object.values(fields)[0] ?? 'Data tidak valid', fields);
  }
  return parsed.data;
}

/** Wraps an endpoint: AppErrors become their status, anything else a 500 with a general text. */
export function endpoint(handler: (ctx: APIContext) => Promise<Response>) {
  return async (ctx: APIContext): Promise<Response> => {
    try {
      if (hasNul(ctx.params) || hasNul([...ctx.url.searchParams])) throw new AppError('BAD_INPUT', BAD_FORMAT);
      return await handler(ctx);
    } catch (error) {
      return failure(error, ctx.request);
    }
  };
}

export const CROSS_SITE_REFUSED = 'Permintaan lintas situs ditolak';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The bearer token of an API client (`Authorization: Bearer …`), if any. */
export function bearerToken(request: Request): string | undefined {
  return request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
}

/**
 * The one rule against cross-site requests (DESIGN.md §4, docs/security.md "Cross-site writes"):
 * whether a request a browser may have sent with our cookie did NOT come from our own pages.
 * A browser's request must prove it: its `Origin` is ours, or `Sec-Fetch-Site` is `same-origin`
 * (`none`, a typed address or bookmark, only for GET/HEAD), and neither header names another
 * origin. `same-site` (a sibling host such as another subdomain) is not ours. A request with
 * neither header is no browser's (the CLI asking for its token, an API client signing in, the
 * payment webhook): it passes, as it cannot carry a victim's cookie. Bearer calls carry no
 * ambient credential a browser would add on its own: always allowed.
 */
export function isCrossSite(request: Request, url: URL): boolean {
  if (bearerToken(request)) return false;
  const headers = request.headers;
  const origin = headers.get('origin');
  const site = headers.get('sec-fetch-site');
  // Either header that names another origin decides; one of them naming ours is the proof.
  if (origin && origin !== url.origin) return true;
  if (site && !(site === 'same-origin' || (site === 'none' && SAFE_METHODS.has(request.method)))) return true;
  // Neither header: no browser sent it (browsers send Origin on every POST and Sec-Fetch-Site on
  // every request); a cross-site page cannot make a browser leave both out.
  return false;
}

/** Every state change (POST, PUT, PATCH, DELETE, …) that is cross-site by isCrossSite(); the middleware refuses it. */
export function isCrossSiteWrite(request: Request, url: URL): boolean {
  return !SAFE_METHODS.has(request.method) && isCrossSite(request, url);
}

/**
 * For the spec's state changes reached by GET (process-selesai, resend-*-validation): a link or
 * image on another site sends the cookie along (SameSite=Lax allows top-level GETs), so the
 * same rule as for writes applies to them.
 */
export function assertNotCrossSite(ctx: { request: Request; url: URL }): void {
  if (isCrossSite(ctx.request, ctx.url)) throw new AppError('FORBIDDEN', CROSS_SITE_REFUSED);
}

/** The signed-in member of an endpoint, or a 401 (middleware already refuses, this is the type guard). */
export function requireMember(ctx: APIContext) {
  const member = ctx.locals.member;
  if (!member) throw new AppError('UNAUTHORIZED', 'Sesi berakhir, silakan login kembali');
  return member;
}

/**
 * The client's address for the rate limits: the socket's, or with TRUST_PROXY=N (N proxies of
 * ours in front; `1` for one) the X-Forwarded-For entry the outermost of them added, counted from
 * the right. Entries left of it are written by the client and never believed.
 */
export function clientAddress(ctx: { request: Request; clientAddress: string }): string {
  const hops = trustedHops();
  if (hops > 0) {
    const entries = (ctx.request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const entry = entries[Math.max(0, entries.length - hops)];
    if (entry) return entry;
  }
  try {
    return ctx.clientAddress;
  } catch {
    return 'unknown';
  }
}
