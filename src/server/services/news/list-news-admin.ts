import { getDb } from '../../db/client';
import { listAllNews } from '../../db/queries/news';

/** Every news item for the console, drafts included, newest first. */
export async function listNewsAdmin(limit = 200) {
  return listAllNews(await getDb(), limit);
}
