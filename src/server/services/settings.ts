import { getDb, onDbClose } from '../db/client';
import { allSettings } from '../db/queries/settings';
import { defaultSettings, type SettingKey } from '../domain/default-settings';

type SettingValue<K extends SettingKey> = (typeof defaultSettings)[K] extends number ? number : (typeof defaultSettings)[K];

let cache: { at: number; values: Map<string, unknown> } | undefined;
const CACHE_MS = 5_000;
/** The one read of the settings in flight, shared by every caller. */
let reading: Promise<void> | undefined;
/** Bumped by forgetSettingsCache: a read that started before it does not store what it read. */
let generation = 0;

function readSettings(): Promise<void> {
  reading ??= (async () => {
    const started = generation;
    try {
      const rows = await allSettings(await getDb());
      if (started === generation) cache = { at: Date.now(), values: new Map(rows.map((r) => [r.key, r.value])) };
    } finally {
      reading = undefined;
    }
  })();
  return reading;
}

/**
 * A setting's current value: the operator's row if present, else the default. Kept CACHE_MS; an
 * older copy still answers while one read renews it behind (issue #24). Callers read settings
 * inside transactions (the order's limits): waiting there for a second connection, with every
 * connection of a small pool held by such a transaction, stalled order creation (7 orders/s on a
 * pool of 4 instead of 69). Only the very first read, before any copy, is waited for.
 */
export async function getSetting<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
  if (cache && Date.now() - cache.at > CACHE_MS)
    readSettings().catch((error) => console.warn(`[settings] gagal dibaca ulang: ${String(error)}`));
  // A read that began before the cache was forgotten stores nothing: read again.
  while (!cache) await readSettings();
  return (cache.values.has(key) ? cache.values.get(key) : defaultSettings[key]) as SettingValue<K>;
}

export function forgetSettingsCache(): void {
  cache = undefined;
  generation += 1;
}
onDbClose(forgetSettingsCache);
