import { config } from '../../config';
import { sendMail } from '../../integrations/mail';
import { getSetting } from '../settings';
import { findMemberByLogin } from './find-member';
import { issueToken } from './one-time-token';
import { reserveAttempt, tryAttempt } from './throttle';

/** Spec/000 §2: the same answer whether or not the member exists. */
export const FORGOT_PASSWORD_SENT = 'Link reset password telah dikirim ke alamat email';

/**
 * Mails a reset link. Limited (auth/throttle.ts) per client address (answered, 429) and per
 * member (silently: the answer stays the same, so it tells nobody whether the member exists).
 */
export async function requestPasswordReset(usernameOrId: string, address: string): Promise<string> {
  await reserveAttempt('reset-request', { address });
  const member = await findMemberByLogin(usernameOrId);
  if (member && (await tryAttempt('reset-mail', { account: member.id })).lockedMinutes === 0) {
    const minutes = await getSetting('reset_token_minutes');
    const token = await issueToken(member.id, 'reset-password', minutes);
    await mailResetLink(member, token, minutes);
  }
  return FORGOT_PASSWORD_SENT;
}

/** The reset mail itself, also sent when CS sends a member the link from the console. */
export async function mailResetLink(
  member: { email: string; nama: string; username: string },
  token: string,
  minutes: number,
): Promise<void> {
  const link = `${config.publicBaseUrl}/reset-password?token=${token}`;
  await sendMail({
    to: member.email,
    subject: 'Reset password Portal Member',
    text: `Halo ${member.nama},\n\nKlik tautan berikut untuk membuat password baru (berlaku ${minutes} menit):\n${link}\n\nAbaikan e-mail ini jika Anda tidak memintanya.`,
    meta: { purpose: 'reset-password', link, username: member.username },
  });
}
