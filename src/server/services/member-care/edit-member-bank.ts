import { BankSchema } from '../../../lib/schemas/account';
import { parseWith } from '../../http';
import { bankChanges, mailBankVerification } from '../account/update-bank';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { applyCareEdit } from './care-edit';

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
