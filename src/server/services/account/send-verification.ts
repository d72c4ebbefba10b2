import { config } from '../../config';
import { sendMail } from '../../integrations/mail';
import { issueToken } from '../auth/one-time-token';

const VERIFY_MINUTES = 24 * 60;

/** Issues a verification link (the previous one stops working) and e-mails it to the member. */
export async function sendVerification(
  kind: 'bank' | 'npwp',
  to: { id: number; email: string; nama: string },
  payload: Record<string, unknown>,
): Promise<{ expiresAt: Date }> {
  const token = await issueToken(to.id, kind === 'bank' ? 'verify-bank' : 'verify-npwp', VERIFY_MINUTES, payload);
  const link = `${config.publicBaseUrl}/verifikasi-${kind}/${token}`;
  const what = kind === 'bank' ? 'rekening bank' : 'NPWP';
  await sendMail({
    to: to.email,
    subject: `Verifikasi ${what} Portal Member`,
    text: `Halo ${to.nama},\n\nKlik tautan berikut untuk memverifikasi ${what} Anda (berlaku 24 jam):\n${link}\n\nAbaikan e-mail ini jika Anda tidak mengubah data ${what}.`,
    meta: { purpose: `verify-${kind}`, link },
  });
  return { expiresAt: new Date(Date.now() + VERIFY_MINUTES * 60_000) };
}
