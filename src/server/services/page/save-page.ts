import { type PageForm, PageFormSchema } from '../../../lib/schemas/konten';
import { inTransaction } from '../../db/client';
import { lockPage, upsertPage } from '../../db/queries/pages';
import { DEFAULT_PAGES, isPageSlug } from '../../domain/default-pages';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { sanitizeNews } from '../news/sanitize-news';
import { type AuditActor, recordAudit } from '../operator/record-audit';

/** KONTEN's edit of a public page: sanitised before it is stored, audited with the text before and after. */
export async function savePage(slug: string, input: PageForm, by: AuditActor): Promise<string> {
  if (!isPageSlug(slug)) throw new AppError('NOT_FOUND', 'Halaman tidak ditemukan');
  const data = parseWith(PageFormSchema, input);
  const konten = sanitizeNews(data.konten);
  if (!konten.replace(/<[^>]*>/g, '').trim())
    throw new AppError('BAD_INPUT', 'Isi halaman kosong setelah dibersihkan', { konten: 'Isi halaman kosong setelah dibersihkan' });
  return inTransaction(async (tx) => {
    const before = await lockPage(tx, slug);
    await upsertPage(tx, slug, { judul: data.judul, konten, updatedBy: by.nama });
    await recordAudit(
      tx,
      by,
      'page:update',
      `page:${slug}`,
      before ? { judul: before.judul, konten: before.konten } : { ...DEFAULT_PAGES[slug], bawaan: true },
      { judul: data.judul, konten },
    );
    return `Halaman "${data.judul}" disimpan`;
  });
}
