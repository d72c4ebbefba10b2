import { getDb, onDbClose } from '../db/client';
import { allSettings } from '../db/queries/settings';
import { defaultSettings, type SettingKey } from '../domain/default-settings';

type SettingValue<K extends SettingKey> = (typeof defaultSettings)[K] extends number ? number : (typeof defaultSettings)[K];

let cache: { at: number; values: Map<string, unknown> } | undefined;
const CACHE_MS = 5_000;

/** A setting's current value: the operator's row if present, else the default. Cached briefly. */
export async function getSetting<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
  if (!cache || Date.now() - cache.at > CACHE_MS) {
    const rows = await allSettings(await getDb());
    cache = { at: Date.now(), values: new Map(rows.map((r) => [r.key, r.value])) };
  }
  return (cache.values.has(key) ? cache.values.get(key) : defaultSettings[key]) as SettingValue<K>;
}

export function forgetSettingsCache(): void {
  cache = undefined;
}
onDbClose(forgetSettingsCache);
