import { type BrandForm, BrandFormSchema } from '../../../lib/schemas/konten';
import { inTransaction } from '../../db/client';
import { upsertSetting } from '../../db/queries/operators';
import { parseWith } from '../../http';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { readSettingValues } from '../operator/setting-groups';
import { forgetSettingsCache } from '../settings';

export const BRAND_SAVED = 'Identitas portal disimpan';
export const BRAND_UNCHANGED = 'Tidak ada perubahan';

/**
 * KONTEN changes the company name and logo the member shell shows (issue #23): checked by the
 * form's schema (bad input changes nothing), each changed key written with its audit row in one
 * transaction.
 */
export async function saveBrand(form: BrandForm, by: Actor): Promise<string> {
  assertRole(by, ['KONTEN']);
  const next = parseWith(BrandFormSchema, form);
  const changed = await inTransaction(async (tx) => {
    const keys = ['company_name', 'company_logo'] as const;
    const current = await readSettingValues(tx, keys, true);
    let written = 0;
    for (const key of keys) {
      if (current[key] === next[key]) continue;
      await upsertSetting(tx, key, next[key]);
      await recordAudit(tx, by, 'setting:update', `setting:${key}`, current[key], next[key]);
      written += 1;
    }
    return written;
  });
  if (changed) forgetSettingsCache();
  return changed ? BRAND_SAVED : BRAND_UNCHANGED;
}
