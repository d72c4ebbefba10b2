import type { AstroCookies } from 'astro';
import { noteMemberWrite, readYourWritesSeconds } from './db/replica';
import { isProduction } from './mode';

/** The member's last change (ms since the epoch), carried to whichever web process serves the next request. */
export const LAST_WRITE_COOKIE = 'pm_tulis';

const READS_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes for report reads on the replica (ADR 0019), run by the middleware for a signed-in
 * member when DATABASE_READ_URL is set: a request that may change something (any method but GET,
 * HEAD, OPTIONS) marks the member before it runs, so its own reads and the page it redirects to read
 * the primary, and answers a short-lived cookie with the time; a later request carrying that cookie
 * (to this or another web process) marks the member again with it. Forging the cookie only keeps
 * one's own reports on the primary.
 */
export function markOwnWrites(memberId: number, method: string, cookies: AstroCookies): void {
  if (!process.env.DATABASE_READ_URL) return;
  const carried = Number(cookies.get(LAST_WRITE_COOKIE)?.value);
  if (Number.isFinite(carried) && carried > 0) noteMemberWrite(memberId, Math.min(carried, Date.now()));
  if (READS_ONLY.has(method)) return;
  const now = Date.now();
  noteMemberWrite(memberId, now);
  cookies.set(LAST_WRITE_COOKIE, String(now), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: readYourWritesSeconds(),
    secure: isProduction(),
  });
}
