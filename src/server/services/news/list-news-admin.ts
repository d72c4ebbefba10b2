import { desc } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { news } from '../../db/schema';

/** Every news item for the console, drafts included, newest first. */
export async function listNewsAdmin(limit = 200) {
  const db = await getDb();
  return db.select({ publicId: news.publicId, title: news.title, status: news.status, createdAt: news.createdAt, updatedAt: news.updatedAt })
    .from(news).orderBy(desc(news.createdAt), desc(news.id)).limit(limit);
}
