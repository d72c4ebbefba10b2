import { desc } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mail } from './index';

export async function sendToOutbox(mail: Mail): Promise<void> {
  const db = await getDb();
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, meta: mail.meta ?? null });
}

/** The newest mails first, for the development outbox page. */
export async function listOutbox(limit = 50) {
  const db = await getDb();
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
