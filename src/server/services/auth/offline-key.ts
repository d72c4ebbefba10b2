import { sha256 } from './one-time-token';
import { idleMinutes } from './session-idle';

/** A session's end as stored: its hard expiry and whether Remember Me lifts the idle rule. */
export interface SessionEnd {
  remember: boolean;
  expiresAt: Date;
}

/**
 * What the service worker needs to keep a member's pages for offline reading
 * (docs/decisions/0020-offline.md): a key of this session (its cache is named after it, so a new
 * sign-in on the same phone never sees the previous one's pages) and the moment the session ends
 * if the member does nothing more (after it the worker erases the pages, even without a network).
 * The key is derived from the token, not the token nor its stored hash. `end` is read with the
 * session (resolveRequestSession).
 */
export async function offlineKeyOf(token: string, end: SessionEnd): Promise<{ key: string; until: Date }> {
  const idleEnd = new Date(Date.now() + (await idleMinutes()) * 60_000);
  const until = end.remember || end.expiresAt < idleEnd ? end.expiresAt : idleEnd;
  return { key: sha256(`offline:${token}`).slice(0, 32), until };
}
