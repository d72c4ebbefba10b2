import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { banners } from '../../db/schema';
import { MEMBER_BANNER_GROUP } from './banner-images';

/** The member carousel's banners in their order, off ones included (the console). */
export async function listBannersAdmin() {
  const db = await getDb();
  return db.select().from(banners).where(eq(banners.groupName, MEMBER_BANNER_GROUP)).orderBy(asc(banners.number), asc(banners.id));
}
