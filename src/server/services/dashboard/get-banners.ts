import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { banners } from '../../db/schema';

/** Banner items of a group, ordered by number (spec/000 §2 carousel). */
export async function getBanners(name: string) {
  const db = await getDb();
  const rows = await db.select({ nama: banners.nama, url: banners.url, link: banners.link, description: banners.description, number: banners.number })
    .from(banners).where(eq(banners.groupName, name.slice(0, 60))).orderBy(asc(banners.number));
  return { banner_items: rows };
}
