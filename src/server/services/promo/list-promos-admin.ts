import { getDb } from '../../db/client';
import { listPromosWithCounts, type PromoAdminRow } from '../../db/queries/promos';

export type { PromoAdminRow };

/** Every promo for the console, newest period first, with how many omset rows and claims it has. */
export async function listPromosAdmin(limit = 200): Promise<PromoAdminRow[]> {
  return listPromosWithCounts(await getDb(), limit);
}
