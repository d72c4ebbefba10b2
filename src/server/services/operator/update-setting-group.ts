import { jakartaDate } from '../../../lib/calendar';
import { inTransaction } from '../../db/client';
import { insertProposal, lockSettingProposals, openProposalOf } from '../../db/queries/setting-proposals';
import type { SettingKey } from '../../domain/default-settings';
import { proposalMoveRefusal } from '../../domain/setting-proposal-status';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { forgetSettingsCache } from '../settings';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { requireRole } from './require-role';
import { candidateFrom, GROUP_KEYS, GROUP_SCHEMAS, readSettingValues, type SettingGroup, valuesFrom } from './setting-groups';

export const SETTINGS_PROPOSED = 'Perubahan diajukan; berlaku setelah disetujui SUPERADMIN lain';
export const SETTINGS_UNCHANGED = 'Tidak ada perubahan';
export const SETTINGS_OPEN = 'Masih ada usulan perubahan kelompok ini yang belum berlaku; putuskan atau tunggu usulan itu dahulu';
export const SETTINGS_DATE_INVALID = 'Tanggal berlaku harus hari ini atau sesudahnya (format YYYY-MM-DD)';

/**
 * SUPERADMIN proposes one settings form (docs/decisions/0023-settings-approval.md): the posted
 * fields are read against the values in force and checked by the group's schema (bad input changes
 * nothing); the changed group becomes a proposal (before → after, optional effective day) that goes
 * live only when a second SUPERADMIN approves it. One open proposal per group at a time, so each is
 * made from the values it will replace.
 */
export async function updateSettingGroup(
  operator: SessionOperator,
  group: SettingGroup,
  fields: Record<string, string>,
): Promise<{ message: string; changed: SettingKey[]; proposal?: number }> {
  requireRole(operator, []);
  const keys = GROUP_KEYS[group];
  const berlaku = (fields.berlaku_mulai ?? '').trim();
  if (berlaku && (!/^\d{4}-\d{2}-\d{2}$/.test(berlaku) || Number.isNaN(Date.parse(berlaku)) || berlaku < jakartaDate()))
    throw new AppError('BAD_INPUT', SETTINGS_DATE_INVALID, { berlaku_mulai: SETTINGS_DATE_INVALID });
  return inTransaction(async (tx) => {
    await lockSettingProposals(tx);
    const current = await readSettingValues(tx, keys, true);
    const parsed = parseWith(GROUP_SCHEMAS[group], candidateFrom(group, current, fields));
    const next = valuesFrom(group, parsed, current);
    const changed = keys.filter((key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]));
    if (changed.length === 0) return { message: SETTINGS_UNCHANGED, changed };
    if ((await openProposalOf(tx, group)) !== undefined) throw new AppError('CONFLICT', SETTINGS_OPEN);
    const refusal = proposalMoveRefusal({ status: 'new', makerId: operator.id, checkerId: operator.id }, 'diajukan');
    if (refusal) throw new AppError('CONFLICT', refusal);
    const sebelum = Object.fromEntries(changed.map((k) => [k, current[k]]));
    const nilai = Object.fromEntries(changed.map((k) => [k, next[k]]));
    const proposal = await insertProposal(tx, { grup: group, sebelum, nilai, berlakuMulai: berlaku || null, by: operator });
    await recordAudit(tx, operator, 'setting:propose', `setting-proposal:${proposal}`, sebelum, {
      ...nilai,
      berlaku_mulai: berlaku || null,
    });
    return { message: SETTINGS_PROPOSED, changed, proposal };
  });
}
