import { HeirSchema } from '../../../lib/schemas/account';
import { parseWith } from '../../http';
import { heirChanges } from '../account/update-heir';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { applyCareEdit } from './care-edit';

/** CS corrects a member's heir (ahli waris), by the member's own schema, with a reason. */
export async function editMemberHeir(operator: SessionOperator, idMember: string, form: Record<string, unknown>): Promise<string> {
  requireRole(operator, ['CS']);
  const input = parseWith(HeirSchema, form);
  return applyCareEdit(operator, idMember, { action: CARE_ACTIONS.heir, alasan: form.alasan, changes: heirChanges(input) });
}
