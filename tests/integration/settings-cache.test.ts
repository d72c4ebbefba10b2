// The settings kept per process (src/server/services/settings.ts, issue #24): a stale copy answers
// at once while one read renews it behind, so a setting read inside a transaction never waits for a
// second connection (on PGlite, one connection, it waited for itself; on a small PostgreSQL pool
// every connection could be held by such a transaction: 7 orders/s instead of 150).
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb, inTransaction } from '../../src/server/db/client';
import { forgetSettingsCache, getSetting } from '../../src/server/services/settings';

const setPending = async (n: number) =>
  (await getDb()).execute(
    sql`insert into settings (key, value) values ('order_max_pending', ${JSON.stringify(n)}::jsonb)
      on conflict (key) do update set value = excluded.value`,
  );

afterEach(async () => {
  vi.restoreAllMocks();
  await setPending(10);
  forgetSettingsCache();
});

describe('settings kept per process', () => {
  it('inside a transaction a stale copy answers at once; the renewed value follows; a forgotten copy is read again', async () => {
    await setPending(10);
    forgetSettingsCache();
    expect(await getSetting('order_max_pending')).toBe(10);
    await setPending(7);
    // Within the copy's 5 seconds the change is not seen.
    expect(await getSetting('order_max_pending')).toBe(10);
    const later = Date.now() + 6_000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    const inside = await Promise.race([
      inTransaction(async () => getSetting('order_max_pending')),
      new Promise((resolve) => setTimeout(() => resolve('waited 5 s'), 5_000)),
    ]);
    expect(inside).toBe(10);
    await vi.waitFor(async () => expect(await getSetting('order_max_pending')).toBe(7), { timeout: 5_000 });
    await setPending(8);
    forgetSettingsCache();
    expect(await getSetting('order_max_pending')).toBe(8);
  });
});
