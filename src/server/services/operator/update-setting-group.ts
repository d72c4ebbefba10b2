import { inTransaction } from '../../db/client';
import { upsertSetting } from '../../db/queries/operators';
import type { SettingKey } from '../../domain/default-settings';
import { parseWith } from '../../http';
import { forgetSettingsCache } from '../settings';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { requireRole } from './require-role';
import { candidateFrom, GROUP_KEYS, GROUP_SCHEMAS, readSettingValues, type SettingGroup, valuesFrom } from './setting-groups';

export const SETTINGS_SAVED = 'Pengaturan disimpan';
export const SETTINGS_UNCHANGED = 'Tidak ada perubahan';

/**
 * SUPERADMIN saves one settings form: the posted fields are read against the values in force,
 * checked by the group's schema (bad input changes nothing), and each changed key is written with
 * its audit row (before/after) in one transaction.
 */
export async function updateSettingGroup(
  operator: SessionOperator,
  group: SettingGroup,
  fields: Record<string, string>,
): Promise<{ message: string; changed: SettingKey[] }> {
  requireRole(operator, []);
  const keys = GROUP_KEYS[group];
  const changed = await inTransaction(async (tx) => {
    const current = await readSettingValues(tx, keys, true);
    const parsed = parseWith(GROUP_SCHEMAS[group], candidateFrom(group, current, fields));
    const next = valuesFrom(group, parsed, current);
    const written: SettingKey[] = [];
    for (const key of keys) {
      if (JSON.stringify(next[key]) === JSON.stringify(current[key])) continue;
      await upsertSetting(tx, key, next[key]);
      await recordAudit(tx, operator, 'setting:update', `setting:${key}`, current[key], next[key]);
      written.push(key);
    }
    return written;
  });
  if (changed.length) forgetSettingsCache();
  return { message: changed.length ? SETTINGS_SAVED : SETTINGS_UNCHANGED, changed };
}
