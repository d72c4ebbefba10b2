import { jsonResponse } from './http';
import type { SessionMember } from './services/auth/session-member';

/** The banner of a "Lihat sebagai member" session (ADR 0022). */
export const VIEW_AS_BANNER = 'Mode lihat sebagai member (hanya baca)';
export const VIEW_AS_REFUSED = 'Mode lihat sebagai member (hanya baca): perubahan data tidak diizinkan';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Ending the view itself is the one write such a session may send. */
const ALLOWED_WRITES = new Set(['/logout']);

/**
 * The one gate of ADR 0022: every request that may change something (any method but GET, HEAD
 * and OPTIONS, pages and API alike) through a read-only session is answered 403 here, in the
 * middleware, before any page or endpoint runs.
 */
export function viewOnlyRefusal(member: SessionMember | undefined, method: string, path: string, api: boolean): Response | undefined {
  if (!member?.viewAs || READS.has(method.toUpperCase()) || ALLOWED_WRITES.has(path)) return undefined;
  return api
    ? jsonResponse({ success: false, message: VIEW_AS_REFUSED }, { status: 403 })
    : new Response(VIEW_AS_REFUSED, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
