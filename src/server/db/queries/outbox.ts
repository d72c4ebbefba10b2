import { desc } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { mailOutbox } from '../schema';

export async function insertOutboxMail(
  db: Db | Tx,
  mail: { to: string; subject: string; text: string; html?: string | null; meta?: unknown },
): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, meta: mail.meta ?? null });
}

/** The newest mails first. */
export async function latestOutboxMails(db: Db | Tx, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
