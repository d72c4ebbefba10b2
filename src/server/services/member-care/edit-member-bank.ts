import { parseWith } from '../../http';
import { BankSchema } from '../../../lib/schemas/account';
import { bankChanges, mailBankVerification } from '../account/update-bank';
import { requireRole } from '../operator/require-role';
import type { SessionOperator } from '../operator/operator-sessions';
import { applyCareEdit } from './care-edit';
import { CARE_ACTIONS } from './care-actions';

/**
 * CS corrects a member's bank account with a reason, by the member's own rule (bankChanges): the
 * new account is UNVERIFIED and the member gets the same verification link as after their own change.
 */
export async function editMemberBank(operator: SessionOperator, idMember: string, form: Record<string, unknown>): Promise<string> {
  requireRole(operator, ['CS']);
  const input = parseWith(BankSchema, form);
  return applyCareEdit(operator, idMember, {
    action: CARE_ACTIONS.bank,
    alasan: form.alasan,
    changes: bankChanges(input),
    afterCommit: (member) => mailBankVerification(member, input),
  });
}
