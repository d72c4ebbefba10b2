import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { getSetting } from '../settings';

/** Minutes left on a lock, or 0 when the key may try again. */
export async function lockedMinutes(key: string): Promise<number> {
  const db = await getDb();
  const [row] = await selectRows<{ minutes: number }>(db, sql`
    select ceil(extract(epoch from (locked_until - now())) / 60)::int as minutes
    from login_attempts where key = ${key} and locked_until > now()`);
  return row?.minutes ?? 0;
}

/** Counts a failure inside the window; past the limit the key is locked for a while. */
export async function recordFailure(key: string, limit: number): Promise<void> {
  const windowMinutes = await getSetting('login_window_minutes');
  const lockMinutes = await getSetting('login_lock_minutes');
  const db = await getDb();
  await db.execute(sql`
    insert into login_attempts (key, failures, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when login_attempts.window_start < now() - make_interval(mins => ${windowMinutes}::int)
                      then 1 else login_attempts.failures + 1 end,
      window_start = case when login_attempts.window_start < now() - make_interval(mins => ${windowMinutes}::int)
                          then now() else login_attempts.window_start end`);
  await db.execute(sql`
    update login_attempts set locked_until = now() + make_interval(mins => ${lockMinutes}::int), failures = 0, window_start = now()
    where key = ${key} and failures >= ${limit}::int`);
}

/** Failures counted for a key in the current window (for the per-account slow-down). */
export async function failureCount(key: string): Promise<number> {
  const windowMinutes = await getSetting('login_window_minutes');
  const db = await getDb();
  const [row] = await selectRows<{ failures: number }>(db, sql`
    select failures from login_attempts where key = ${key}
      and window_start >= now() - make_interval(mins => ${windowMinutes}::int)`);
  return row?.failures ?? 0;
}

/** A key that is counted but never locked (the limit no count reaches). */
export const NEVER_LOCKED = 2_147_483_647;

export async function clearFailures(key: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from login_attempts where key = ${key}`);
}
