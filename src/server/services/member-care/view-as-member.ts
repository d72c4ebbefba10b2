import { memberCareMessages } from '../../../lib/schemas/member-care';
import { getDb, inTransaction } from '../../db/client';
import { memberContact } from '../../db/queries/member-care';
import { AppError } from '../../errors';
import { createViewAsSession } from '../auth/sessions';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { memberObject } from './member-object';

/** The audit action of an operator opening the member's own screens read-only. */
export const VIEW_AS_ACTION = 'member:view-as';
/** How long a read-only view lasts (never remembered). */
export const VIEW_AS_MINUTES = 30;

/**
 * "Lihat sebagai member" (CS, SUPERADMIN): a member session marked with the operator, which the
 * middleware lets read and refuses every write (ADR 0022); audited like opening the member's file.
 */
export async function startViewAsMember(operator: SessionOperator, idMember: string): Promise<{ token: string; expiresAt: Date }> {
  requireRole(operator, ['CS']);
  const member = await memberContact(await getDb(), idMember.trim().slice(0, 20));
  if (!member) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
  return inTransaction(async (tx) => {
    const session = await createViewAsSession(member.id, operator.id, VIEW_AS_MINUTES, tx);
    await recordAudit(tx, operator, VIEW_AS_ACTION, memberObject(idMember), null, {
      hanya_baca: true,
      berakhir: session.expiresAt.toISOString(),
    });
    return session;
  });
}
