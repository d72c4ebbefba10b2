import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { getSetting } from '../settings';

/**
 * The idle rule of member and operator sessions alike: a session last seen more than
 * `session_idle_minutes` ago has ended. One home, so the two kinds of session cannot drift.
 */
export async function seenRecently(lastSeenAt: AnyPgColumn): Promise<SQL> {
  return sql`${lastSeenAt} > now() - make_interval(mins => ${await getSetting('session_idle_minutes')}::int)`;
}

/** True when the idle clock is due a restart: at most once a minute, not a write on every request. */
export const isStale = (lastSeenAt: AnyPgColumn): SQL<boolean> => sql<boolean>`${lastSeenAt} < now() - interval '1 minute'`;
