import type { APIContext } from 'astro';
import type { z } from 'zod';
import { fieldErrors } from '../lib/schemas/parse';
import { AppError } from './errors';

export const GENERAL_ERROR = 'Terjadi kesalahan pada server. Silakan coba lagi.';
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

/** The envelope of every /member answer (DESIGN.md §1). */
export function answer(result: unknown, message = 'OK', status = 200): Response {
  return jsonResponse({ success: status < 400, message, result }, { status, headers: { 'cache-control': 'no-store' } });
}

export function failure(error: unknown): Response {
  if (error instanceof AppError) {
    return jsonResponse({ success: false, message: error.message, errors: error.fields }, { status: error.status, headers: { 'cache-control': 'no-store' } });
  }
  console.error(error);
  return jsonResponse({ success: false, message: GENERAL_ERROR }, { status: 500 });
}

/** Reads a JSON or form body (the documents' client sends JSON; plain HTML forms send forms). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new AppError('BAD_INPUT', 'Data yang dikirim terlalu besar');
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) throw new AppError('BAD_INPUT', 'Data yang dikirim terlalu besar');
    if (!text.trim()) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('bukan objek');
      return parsed as Record<string, unknown>;
    } catch {
      throw new AppError('BAD_INPUT', 'Format data tidak valid');
    }
  }
  if (type.includes('form')) {
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) if (typeof value === 'string') out[key] = value;
    return out;
  }
  return {};
}

/** Parses with the shared zod schema; bad input becomes a 400 with the first Indonesian message. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
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
      return await handler(ctx);
    } catch (error) {
      return failure(error);
    }
  };
}

/** The signed-in member of an endpoint, or a 401 (middleware already refuses, this is the type guard). */
export function requireMember(ctx: APIContext) {
  const member = ctx.locals.member;
  if (!member) throw new AppError('UNAUTHORIZED', 'Sesi berakhir, silakan login kembali');
  return member;
}

/** The client's address for the rate limit (the socket's, unless TRUST_PROXY is set). */
export function clientAddress(ctx: { request: Request; clientAddress: string }): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = ctx.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return ctx.clientAddress;
  } catch {
    return 'unknown';
  }
}
