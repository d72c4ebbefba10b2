import { memberCareMessages } from '../../../lib/schemas/member-care';
import { inTransaction } from '../../db/client';
import { memberContact } from '../../db/queries/member-care';
import { AppError } from '../../errors';
import { issueToken } from '../auth/one-time-token';
import { mailResetLink } from '../auth/request-password-reset';
import { refund, reserveAttempt } from '../auth/throttle';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { getSetting } from '../settings';
import { memberObject } from './member-object';

export const RESET_LINK_SENT = 'Link reset password telah dikirim ke alamat email member';

/**
 * CS sends the member the same reset link as "Forgot Password?", on a limit of its own per member
 * (setting `reset_links_per_member`, auth/throttle.ts): a member who asked too often can still be
 * helped, and the mailbox cannot be flooded from the console. The token and the audit row commit
 * together; the mail goes after the commit, so a failed mail leaves an unused link, never a
 * mail whose link does not exist.
 */
export async function sendResetLink(operator: SessionOperator, idMember: string): Promise<string> {
  requireRole(operator, ['CS']);
  const attempt = await reserveAttempt('reset-link', { account: idMember });
  const minutes = await getSetting('reset_token_minutes');
  const { member, token } = await inTransaction(async (tx) => {
    const member = await memberContact(tx, idMember);
    if (!member) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    const token = await issueToken(member.id, 'reset-password', minutes, undefined, tx);
    await recordAudit(tx, operator, 'member:send-reset-link', memberObject(idMember), null, {
      email: member.email,
      berlaku_menit: minutes,
    });
    return { member, token };
  }).catch(async (error: unknown) => {
    await refund(attempt);
    throw error;
  });
  await mailResetLink(member, token, minutes);
  return RESET_LINK_SENT;
}
