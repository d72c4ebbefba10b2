import { getDb } from '../../db/client';
import { insertOutboxMail, latestOutboxMails } from '../../db/queries/outbox';
import type { Mail } from './index';

export async function sendToOutbox(mail: Mail): Promise<void> {
  await insertOutboxMail(await getDb(), mail);
}

/** The newest mails first, for the development outbox page. */
export async function listOutbox(limit = 50) {
  return latestOutboxMails(await getDb(), limit);
}
