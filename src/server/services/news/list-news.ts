import { getDb } from '../../db/client';
import { publishedNewsPage } from '../../db/queries/news';
import { sanitizeNews } from './sanitize-news';

export interface NewsItem {
  public_id: string;
  title: string;
  content: string;
  status: number;
  created_at: string;
  updated_at: string;
  menu_reg: boolean;
  menu_upg: boolean;
}

/** Published news (status 1), newest first, with sanitised content (spec/000 §2). */
export async function listNews(
  page: number,
  pageSize: number,
): Promise<{ rows: NewsItem[]; total_count: number; page: number; page_size: number }> {
  const size = Math.min(Math.max(1, Math.trunc(pageSize) || 5), 50);
  const current = Math.max(1, Math.trunc(page) || 1);
  const db = await getDb();
  const { rows, total } = await publishedNewsPage(db, { limit: size, offset: (current - 1) * size });
  return {
    rows: rows.map((n) => ({
      public_id: n.publicId,
      title: n.title,
      content: sanitizeNews(n.content),
      status: n.status,
      created_at: n.createdAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
      menu_reg: n.menuReg,
      menu_upg: n.menuUpg,
    })),
    total_count: total,
    page: current,
    page_size: size,
  };
}
