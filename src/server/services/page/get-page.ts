import { getDb } from '../../db/client';
import { editedPages, pageBySlug } from '../../db/queries/pages';
import { DEFAULT_PAGES, isPageSlug, PAGE_SLUGS, type PageSlug } from '../../domain/default-pages';
import { AppError } from '../../errors';
import { sanitizeNews } from '../news/sanitize-news';

export interface PublicPage {
  slug: PageSlug;
  judul: string;
  konten: string;
  updatedAt: Date | null;
  isDefault: boolean;
}

/** A public page as anyone may read it: the operator's text (sanitised again) or the default. */
export async function getPage(slug: string): Promise<PublicPage> {
  if (!isPageSlug(slug)) throw new AppError('NOT_FOUND', 'Halaman tidak ditemukan');
  const row = await pageBySlug(await getDb(), slug);
  if (!row) return { slug, ...DEFAULT_PAGES[slug], updatedAt: null, isDefault: true };
  return { slug, judul: row.judul, konten: sanitizeNews(row.konten), updatedAt: row.updatedAt, isDefault: false };
}

/** The six pages for the console's list: title, last change and who made it. */
export async function listPages() {
  const rows = await editedPages(await getDb());
  return PAGE_SLUGS.map(
    (slug) => rows.find((row) => row.slug === slug) ?? { slug, judul: DEFAULT_PAGES[slug].judul, updatedAt: null, updatedBy: null },
  );
}
