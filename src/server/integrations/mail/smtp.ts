import type { Transporter } from 'nodemailer';
import { config } from '../../config';
import type { Mail } from './index';

let transport: Transporter | undefined;

export async function sendBySmtp(url: string, mail: Mail): Promise<void> {
  if (!transport) {
    const nodemailer = await import('nodemailer');
    transport = nodemailer.createTransport(url);
  }
  await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}
