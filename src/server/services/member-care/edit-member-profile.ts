import { ProfileSchema } from '../../../lib/schemas/account';
import { parseWith } from '../../http';
import { checkProfileInTransaction, checkProfileRegions, profileChanges } from '../account/update-profile';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { applyCareEdit } from './care-edit';

/** CS corrects a member's Data Member form, by the member's own schema and checks, with a reason. */
export async function editMemberProfile(operator: SessionOperator, idMember: string, form: Record<string, unknown>): Promise<string> {
  requireRole(operator, ['CS']);
  const input = parseWith(ProfileSchema, form);
  checkProfileRegions(input);
  return applyCareEdit(operator, idMember, {
    action: CARE_ACTIONS.profile,
    alasan: form.alasan,
    changes: profileChanges(input),
    check: (tx, row) => checkProfileInTransaction(tx, row.id, input),
  });
}
