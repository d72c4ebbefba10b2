import { fieldLabel } from '../../../lib/member-fields';
import { getDb } from '../../db/client';
import { auditOfObjectWith } from '../../db/queries/audit';
import { bankName } from '../../domain/banks';
import type { SessionMember } from '../auth/session-member';
import { CARE_ACTION_LABELS, MEMBER_HISTORY_ACTIONS } from '../member-care/care-actions';
import { memberObject } from '../member-care/member-object';

export interface DataChange {
  at: Date;
  what: string;
  oleh: string;
  alasan: string | null;
  fields: { label: string; before: string; after: string }[];
}

/** Keys of an audit row that say something other than a changed value. */
const NOT_FIELDS = new Set(['alasan', 'berlaku_sejak', 'path']);

function shown(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'kodeBank' || key === 'kode_bank') return bankName(String(value)) ?? String(value);
  return String(value);
}

/**
 * The member's "Riwayat perubahan data": every change an operator made to their data (CS edits,
 * sponsor/placement corrections, KYC decisions), newest first, from the audit trail itself so the
 * member sees exactly what was recorded.
 */
export async function listDataChanges(member: SessionMember, limit = 30): Promise<DataChange[]> {
  const rows = await auditOfObjectWith(await getDb(), memberObject(member.idMember), MEMBER_HISTORY_ACTIONS, limit);
  return rows.map((row) => {
    const before = (row.before ?? {}) as Record<string, unknown>;
    const after = (row.after ?? {}) as Record<string, unknown>;
    const keys = Object.keys(after).filter((key) => !NOT_FIELDS.has(key) && shown(key, before[key]) !== shown(key, after[key]));
    return {
      at: row.at,
      what: CARE_ACTION_LABELS[row.action] ?? row.action,
      oleh: row.operatorNama,
      alasan: typeof after.alasan === 'string' ? after.alasan : null,
      fields: keys.map((key) => ({ label: fieldLabel(key), before: shown(key, before[key]), after: shown(key, after[key]) })),
    };
  });
}
