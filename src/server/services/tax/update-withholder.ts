import { type WithholderInput, WithholderSchema } from '../../../lib/schemas/withholder';
import { inTransaction } from '../../db/client';
import { upsertSetting } from '../../db/queries/operators';
import { parseWith } from '../../http';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { readSettingValues } from '../operator/setting-groups';
import { forgetSettingsCache } from '../settings';

export const WITHHOLDER_SAVED = 'Data pemotong pajak disimpan';
export const WITHHOLDER_UNCHANGED = 'Tidak ada perubahan';

/**
 * KEUANGAN (or SUPERADMIN) saves the withholder: checked by WithholderSchema (bad input changes
 * nothing), written with its audit row (before/after, `setting:pemotong`) in one transaction.
 * Slips already issued keep the withholder they were issued with.
 */
export async function updateWithholder(by: Actor, fields: Record<string, unknown>): Promise<{ message: string; changed: boolean }> {
  assertRole(by, ['KEUANGAN']);
  const next = parseWith(WithholderSchema, fields);
  const changed = await inTransaction(async (tx) => {
    const current = (await readSettingValues(tx, ['pemotong'], true)).pemotong as Partial<WithholderInput> | undefined;
    // Field by field: a jsonb value comes back with its keys in another order.
    if ((Object.keys(next) as (keyof WithholderInput)[]).every((k) => next[k] === current?.[k])) return false;
    await upsertSetting(tx, 'pemotong', next);
    await recordAudit(tx, by, 'setting:update', 'setting:pemotong', current, next);
    return true;
  });
  if (changed) forgetSettingsCache();
  return { message: changed ? WITHHOLDER_SAVED : WITHHOLDER_UNCHANGED, changed };
}
