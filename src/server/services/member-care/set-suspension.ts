import { memberCareMessages, suspensionSchema } from '../../../lib/schemas/member-care';
import { inTransaction } from '../../db/client';
import { lockMemberSuspension, setMemberSuspended } from '../../db/queries/member-care';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { memberObject } from './member-object';

export const SUSPENDED_DONE = 'Akun member ditangguhkan';
export const UNSUSPENDED_DONE = 'Penangguhan akun member dicabut';

/**
 * CS suspends or lifts a suspension, always with a reason. A suspended member still signs in and
 * sees the dashboard's warning; payouts (requested or automatic) stop until it is lifted.
 */
export async function setSuspension(
  operator: SessionOperator,
  idMember: string,
  input: { suspend: boolean; alasan: unknown },
): Promise<string> {
  requireRole(operator, ['CS']);
  const { alasan } = parseWith(suspensionSchema, { alasan: input.alasan });
  return inTransaction(async (tx) => {
    const row = await lockMemberSuspension(tx, idMember);
    if (!row) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    if (row.isSuspended === input.suspend) {
      throw new AppError('CONFLICT', input.suspend ? memberCareMessages.alreadySuspended : memberCareMessages.notSuspended);
    }
    await setMemberSuspended(tx, row.id, input.suspend);
    await recordAudit(
      tx,
      operator,
      input.suspend ? 'member:suspend' : 'member:unsuspend',
      memberObject(idMember),
      { is_suspended: row.isSuspended },
      { is_suspended: input.suspend, alasan },
    );
    return input.suspend ? SUSPENDED_DONE : UNSUSPENDED_DONE;
  });
}
