import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { banners } from '../../db/schema';
import { safeLink } from '../../../lib/safe-redirect';

/**
 * Banner items of a group that are switched on, ordered by number (spec/000 §2 carousel). A link
 * saved before the safe-link rule that it refuses (`/\evil.example`) is shown as no link.
 */
export async function getBanners(name: string) {
  const db = await getDb();
  const rows = await db.select({ nama: banners.nama, url: banners.url, link: banners.link, description: banners.description, number: banners.number })
    .from(banners).where(and(eq(banners.groupName, name.slice(0, 60)), eq(banners.aktif, true))).orderBy(asc(banners.number), asc(banners.id));
  return { banner_items: rows.map((r) => ({ ...r, link: safeLink(r.link) ?? null })) };
}
