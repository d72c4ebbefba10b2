import { getDb } from '../../db/client';
import { defaultSettings } from '../../domain/default-settings';
import { type Actor, assertRole } from '../operator/assert-role';
import { settingHistory } from '../operator/setting-groups';
import { getSetting } from '../settings';

export type Withholder = (typeof defaultSettings)['pemotong'];

/** The withholder in force (setting `pemotong`): who withholds on the slips and in the Coretax file. */
export async function getWithholder(): Promise<Withholder> {
  return { ...defaultSettings.pemotong, ...(await getSetting('pemotong')) };
}

/** The console's withholder form: the values in force and who changed them when (KEUANGAN, SUPERADMIN). */
export async function withholderForm(by: Actor) {
  assertRole(by, ['KEUANGAN']);
  const history = await settingHistory(await getDb(), ['pemotong']);
  return { values: await getWithholder(), history: history.pemotong ?? [] };
}
