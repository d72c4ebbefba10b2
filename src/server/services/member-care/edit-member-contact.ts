import { ContactSchema, memberCareMessages } from '../../../lib/schemas/member-care';
import { emailHoldersBesides } from '../../db/queries/member-care-edits';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { applyCareEdit } from './care-edit';

/**
 * CS corrects a member's e-mail and WhatsApp number with a reason, by the registration form's
 * rules; an e-mail another member uses is refused. The notice goes to the old and the new address.
 */
export async function editMemberContact(operator: SessionOperator, idMember: string, form: Record<string, unknown>): Promise<string> {
  requireRole(operator, ['CS']);
  const input = parseWith(ContactSchema, form);
  return applyCareEdit(operator, idMember, {
    action: CARE_ACTIONS.contact,
    alasan: form.alasan,
    changes: { email: input.email, phone: input.phone },
    check: async (tx, row) => {
      if ((await emailHoldersBesides(tx, input.email, row.id)) > 0)
        throw new AppError('CONFLICT', memberCareMessages.emailTaken, { email: memberCareMessages.emailTaken });
    },
  });
}
