import type { Transporter } from 'nodemailer';
import { config } from '../../config';
import type { Mail } from './index';

let transport: { url: string; transporter: Transporter } | undefined;

export async function sendBySmtp(url: string, mail: Mail): Promise<void> {
  if (transport?.url !== url) {
    const nodemailer = await import('nodemailer');
    transport = { url, transporter: nodemailer.createTransport(url) };
  }
  await transport.transporter.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}
