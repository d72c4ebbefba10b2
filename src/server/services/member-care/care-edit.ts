import { fieldLabel } from '../../../lib/member-fields';
import { memberCareMessages, reasonSchema } from '../../../lib/schemas/member-care';
import { inTransaction, type Tx } from '../../db/client';
import { type MemberChanges, updateMember } from '../../db/queries/account';
import { lockMemberForCare, type MemberCareRow } from '../../db/queries/member-care-edits';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { sendMail } from '../../integrations/mail';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { CARE_ACTION_LABELS } from './care-actions';
import { memberObject } from './member-object';

/** Columns that follow from a change (the bank status) and so never make one on their own. */
const CONSEQUENCES = new Set(['statusRekening']);

const same = (a: unknown, b: unknown): boolean => (a ?? null) === (b ?? null);

export interface CareEdit {
  action: string;
  alasan: unknown;
  /** The columns the member-side rule makes of the input (bankChanges, heirChanges, …). */
  changes: MemberChanges;
  /** Checks that need the transaction (a free username, a free e-mail). */
  check?: (tx: Tx, row: MemberCareRow) => Promise<void>;
  /** Mails that follow the change as they follow the member's own (the bank's verification link). */
  afterCommit?: (member: { id: number; email: string; nama: string }) => Promise<void>;
}

/**
 * An operator's change to a member's data (CS, SUPERADMIN), with a reason: the changed columns
 * only, audited with before/after in the same transaction, then a notice mail to the member
 * (the values themselves are in their "Riwayat perubahan data", not in the mail).
 */
export async function applyCareEdit(operator: SessionOperator, idMember: string, edit: CareEdit): Promise<string> {
  requireRole(operator, ['CS']);
  const { alasan } = parseWith(reasonSchema, { alasan: edit.alasan });
  const result = await inTransaction(async (tx) => {
    const row = await lockMemberForCare(tx, idMember);
    if (!row) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    const current = row as unknown as Record<string, unknown>;
    const changed = Object.entries(edit.changes).filter(([key, value]) => !same(current[key], value));
    if (changed.every(([key]) => CONSEQUENCES.has(key))) throw new AppError('BAD_INPUT', memberCareMessages.nothingChanged);
    await edit.check?.(tx, row);
    await updateMember(tx, row.id, Object.fromEntries(changed) as MemberChanges);
    const before = Object.fromEntries(changed.map(([key]) => [key, current[key] ?? null]));
    const after = Object.fromEntries(changed);
    await recordAudit(tx, operator, edit.action, memberObject(idMember), before, { ...after, alasan });
    return { row, fields: changed.map(([key]) => key) };
  });
  const email = String(edit.changes.email ?? result.row.email);
  const member = { id: result.row.id, email, nama: String(edit.changes.nama ?? result.row.nama) };
  const addresses = email.toLowerCase() === result.row.email.toLowerCase() ? [email] : [result.row.email, email];
  for (const to of addresses) await mailCareNotice(to, member.nama, edit.action, result.fields, alasan);
  await edit.afterCommit?.(member);
  return `${CARE_ACTION_LABELS[edit.action] ?? 'Data member diubah'}: ${result.fields
    .filter((f) => !CONSEQUENCES.has(f))
    .map(fieldLabel)
    .join(', ')}`;
}

/** The member's notice of an operator's change: what was changed and why, never the values. */
export async function mailCareNotice(to: string, nama: string, action: string, fields: string[], alasan: string): Promise<void> {
  const what = CARE_ACTION_LABELS[action] ?? 'Data akun Anda diubah';
  await sendMail({
    to,
    subject: `${what} - Portal Member`,
    text: `Halo ${nama},\n\n${what}.\n${fields.length ? `Data yang diubah: ${fields.map(fieldLabel).join(', ')}.\n` : ''}Alasan: ${alasan}\n\nRinciannya dapat Anda lihat di menu Profile, bagian "Riwayat perubahan data". Hubungi Customer Service bila Anda tidak meminta perubahan ini.`,
    meta: { purpose: 'member-care', action, fields },
  });
}
