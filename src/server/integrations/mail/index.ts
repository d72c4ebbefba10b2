import { config } from '../../config';
import { sendToOutbox } from './outbox';
import { sendBySmtp } from './smtp';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Structured facts for tests and the dev outbox (e.g. { link }). */
  meta?: Record<string, unknown>;
}

/** The mail port: SMTP when SMTP_URL is set, else the outbox table (DESIGN.md §6). */
export async function sendMail(mail: Mail): Promise<void> {
  if (config.smtpUrl) await sendBySmtp(config.smtpUrl, mail);
  else await sendToOutbox(mail);
}
