import { config } from '../../config';
import { sendMail } from '../../integrations/mail';
import { getSetting } from '../settings';
import { findMemberByLogin } from './find-member';
import { issueToken } from './one-time-token';

/** Spec/000 §2: the same answer whether or not the member exists. */
export const FORGOT_PASSWORD_SENT = 'Link reset password telah dikirim ke alamat email';

export async function requestPasswordReset(usernameOrId: string): Promise<string> {
  const member = await findMemberByLogin(usernameOrId);
  if (member) {
    const minutes = await getSetting('reset_token_minutes');
    const token = await issueToken(member.id, 'reset-password', minutes);
    const link = `${config.publicBaseUrl}/reset-password?token=${token}`;
    await sendMail({
      to: member.email,
      subject: 'Reset password Portal Member',
      text: `Halo ${member.nama},\n\nKlik tautan berikut untuk membuat password baru (berlaku ${minutes} menit):\n${link}\n\nAbaikan e-mail ini jika Anda tidak memintanya.`,
      meta: { purpose: 'reset-password', link, username: member.username },
    });
  }
  return FORGOT_PASSWORD_SENT;
}
