import { getDb } from '../../db/client';
import { listBannerGroup } from '../../db/queries/banners';
import { MEMBER_BANNER_GROUP } from './banner-images';

/** The member carousel's banners in their order, off ones included (the console). */
export async function listBannersAdmin() {
  return listBannerGroup(await getDb(), MEMBER_BANNER_GROUP);
}
