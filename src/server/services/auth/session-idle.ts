import { seenWithin, staleSince } from '../../db/queries/auth';
import { getSetting } from '../settings';

type LastSeenColumn = Parameters<typeof seenWithin>[0];

/**
 * The idle rule of member and operator sessions alike: a session last seen more than
 * `session_idle_minutes` ago has ended. One home, so the two kinds of session cannot drift.
 */
export async function seenRecently(lastSeenAt: LastSeenColumn) {
  return seenWithin(lastSeenAt, await idleMinutes());
}

/** How long a session not remembered may stay idle (`session_idle_minutes`). */
export const idleMinutes = (): Promise<number> => getSetting('session_idle_minutes');

/** True when the idle clock is due a restart: at most once a minute, not a write on every request. */
export const isStale = staleSince;
