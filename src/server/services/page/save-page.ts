import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { pages } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { DEFAULT_PAGES, isPageSlug } from '../../domain/default-pages';
import { PageFormSchema, type PageForm } from '../../../lib/schemas/konten';
import { sanitizeNews } from '../news/sanitize-news';
import { recordAudit, type AuditActor } from '../operator/record-audit';

/** KONTEN's edit of a public page: sanitised before it is stored, audited with the text before and after. */
export async function savePage(slug: string, input: PageForm, by: AuditActor): Promise<string> {
  if (!isPageSlug(slug)) throw new AppError('NOT_FOUND', 'Halaman tidak ditemukan');
  const data = parseWith(PageFormSchema, input);
  const konten = sanitizeNews(data.konten);
  if (!konten.replace(/<[^>]*>/g, '').trim()) throw new AppError('BAD_INPUT', 'Isi halaman kosong setelah dibersihkan', { konten: 'Isi halaman kosong setelah dibersihkan' });
  return inTransaction(async (tx) => {
    const [before] = await tx.select().from(pages).where(eq(pages.slug, slug)).for('update');
    const values = { judul: data.judul, konten, updatedAt: sql`now()`, updatedBy: by.nama };
    await tx.insert(pages).values({ slug, ...values }).onConflictDoUpdate({ target: pages.slug, set: values });
    await recordAudit(tx, by, 'page:update', `page:${slug}`,
      before ? { judul: before.judul, konten: before.konten } : { ...DEFAULT_PAGES[slug], bawaan: true }, { judul: data.judul, konten });
    return `Halaman "${data.judul}" disimpan`;
  });
}
