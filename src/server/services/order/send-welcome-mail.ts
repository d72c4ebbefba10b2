import { config } from '../../config';
import { sendMail } from '../../integrations/mail';
import { issueToken } from '../auth/one-time-token';
import type { PaidEffects } from './mark-order-paid';

const WELCOME_LINK_MINUTES = 7 * 24 * 60;

/** The new member's welcome e-mail with a single-use link to set a password (after the PAID commit). */
export async function sendWelcomeMail(member: NonNullable<PaidEffects['newMember']>): Promise<void> {
  const token = await issueToken(member.id, 'set-password', WELCOME_LINK_MINUTES);
  const link = `${config.publicBaseUrl}/reset-password?token=${token}`;
  await sendMail({
    to: member.email,
    subject: 'Selamat bergabung: atur password Portal Member Anda',
    text:
      `Halo ${member.nama},\n\nPendaftaran Anda sudah dibayar. ID Member Anda ${member.idMember}, username ${member.username}.\n` +
      `Atur password Anda lewat tautan ini (berlaku 7 hari, sekali pakai):\n${link}\n\n` +
      'Setelah itu, silakan lengkapi NPWP di halaman profil agar potongan pajak bonus tidak lebih tinggi.',
    meta: { purpose: 'set-password', link, username: member.username, idMember: member.idMember },
  });
}
