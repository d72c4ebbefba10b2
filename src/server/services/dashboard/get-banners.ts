import { safeLink } from '../../../lib/safe-redirect';
import { getDb } from '../../db/client';
import { activeBanners } from '../../db/queries/dashboard';

/**
 * Banner items of a group that are switched on, ordered by number (spec/000 §2 carousel). A link
 * saved before the safe-link rule that it refuses (`/\evil.example`) is shown as no link.
 */
export async function getBanners(name: string) {
  const rows = await activeBanners(await getDb(), name.slice(0, 60));
  return { banner_items: rows.map((r) => ({ ...r, link: safeLink(r.link) ?? null })) };
}
