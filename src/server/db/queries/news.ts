import { count, desc, eq, sql } from 'drizzle-orm';
import { type Db, preparedOnce, type Tx } from '../client';
import { toCount } from '../money';
import { news } from '../schema';

export type NewsRow = typeof news.$inferSelect;
export interface NewsValues {
  title: string;
  content: string;
  menuReg: boolean;
  menuUpg: boolean;
}

/** One news item by public_id, any status. */
export async function findNewsByPublicId(db: Db | Tx, publicId: string): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(eq(news.publicId, publicId)).limit(1);
  return row;
}

/** Every news item for the console, drafts included, newest first. */
export async function listAllNews(db: Db | Tx, limit: number) {
  return db
    .select({ publicId: news.publicId, title: news.title, status: news.status, createdAt: news.createdAt, updatedAt: news.updatedAt })
    .from(news)
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(limit);
}

/** A page of published news (status 1), newest first, and how many there are in all. */
export async function publishedNewsPage(db: Db | Tx, page: { limit: number; offset: number }): Promise<{ rows: NewsRow[]; total: number }> {
  // Prepared (the news page's every view, issue #24): see preparedOnce in ../client.
  const [rows, [total]] = await Promise.all([
    preparedOnce(db, 'published_news_page', () =>
      db
        .select()
        .from(news)
        .where(eq(news.status, 1))
        .orderBy(desc(news.createdAt), desc(news.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('published_news_page'),
    ).execute(page),
    preparedOnce(db, 'published_news_count', () =>
      db.select({ n: count() }).from(news).where(eq(news.status, 1)).prepare('published_news_count'),
    ).execute(),
  ]);
  return { rows, total: toCount(total?.n) };
}

export async function insertNews(tx: Db | Tx, values: NewsValues & { status: number }): Promise<NewsRow> {
  const [row] = await tx.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(tx: Db | Tx, id: number, values: NewsValues): Promise<NewsRow> {
  const [row] = await tx
    .update(news)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning();
  return row!;
}

export async function updateNewsStatus(tx: Db | Tx, id: number, status: number): Promise<void> {
  await tx.update(news).set({ status, updatedAt: sql`now()` }).where(eq(news.id, id));
}
