import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { pages } from '../schema';

/** The operator's version of a public page, or undefined while it shows its default text. */
export async function pageBySlug(db: Db | Tx, slug: string) {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return row;
}

/** The edited pages: title, last change and who made it. */
export async function editedPages(db: Db | Tx) {
  return db.select({ slug: pages.slug, judul: pages.judul, updatedAt: pages.updatedAt, updatedBy: pages.updatedBy }).from(pages);
}

/** The operator's version of a page, its row locked for the edit. */
export async function lockPage(tx: Tx, slug: string) {
  const [row] = await tx.select().from(pages).where(eq(pages.slug, slug)).for('update');
  return row;
}

/** Stores a page's text (insert or replace), stamped now and with the editor's name. */
export async function upsertPage(tx: Db | Tx, slug: string, page: { judul: string; konten: string; updatedBy: string }): Promise<void> {
  const values = { ...page, updatedAt: sql`now()` };
  await tx
    .insert(pages)
    .values({ slug, ...values })
    .onConflictDoUpdate({ target: pages.slug, set: values });
}
