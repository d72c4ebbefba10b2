import { type Db, getDb, type Tx } from '../../db/client';
import { findNewsByPublicId } from '../../db/queries/news';
import { AppError } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NEWS_NOT_FOUND = 'Berita tidak ditemukan';

/** One news item by public_id, any status (the console's edit form), or NOT_FOUND. */
export async function findNews(publicId: string, db?: Db | Tx) {
  if (!UUID.test(publicId)) throw new AppError('NOT_FOUND', NEWS_NOT_FOUND);
  const row = await findNewsByPublicId(db ?? (await getDb()), publicId);
  if (!row) throw new AppError('NOT_FOUND', NEWS_NOT_FOUND);
  return row;
}
