import type { CourierSettings, PlanSettings } from '../../../lib/schemas/settings';
import { getDb } from '../../db/client';
import type { SessionOperator } from './operator-sessions';
import { requireRole } from './require-role';
import {
  GROUP_KEYS,
  groupForm,
  type PaymentForm,
  type RatesForm,
  readSettingValues,
  SETTING_GROUPS,
  type SubsidyForm,
  settingHistory,
} from './setting-groups';

/** /admin/settings: every group's current values and the who/when history of each of its keys (SUPERADMIN). */
export async function getSettings(operator: SessionOperator) {
  requireRole(operator, []);
  const db = await getDb();
  const keys = SETTING_GROUPS.flatMap((group) => GROUP_KEYS[group]);
  const values = await readSettingValues(db, keys);
  return {
    rencana: groupForm('rencana', values) as PlanSettings,
    pembayaran: groupForm('pembayaran', values) as PaymentForm,
    ongkir: groupForm('ongkir', values) as RatesForm,
    subsidi: groupForm('subsidi', values) as SubsidyForm,
    kurir: groupForm('kurir', values) as CourierSettings,
    history: await settingHistory(db, keys),
  };
}
