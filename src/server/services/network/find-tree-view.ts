import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { getTree, type TreeView } from './get-tree';
import { searchDownline } from './search-downline';

/**
 * The tree the page /report/tree shows for its "Cari ID/Nama" box: an ID of the own downline,
 * or a name (one match opens it, several are listed to choose from); anything else keeps the
 * member's own tree with the not-found message.
 */
export async function findTreeView(
  viewer: SessionMember,
  cariId: string | null,
  level: number,
): Promise<{
  view: TreeView;
  notFound?: string;
  matches: { id_member: string; nama: string }[];
}> {
  try {
    return { view: await getTree(viewer, cariId, level), matches: [] };
  } catch (error) {
    if (!(error instanceof AppError) || !cariId) throw error;
    const matches = /^\d+$/.test(cariId) ? [] : await searchDownline(viewer, cariId);
    if (matches.length === 1) return { view: await getTree(viewer, matches[0]!.id_member, level), matches };
    const own = await getTree(viewer, null, level);
    return matches.length > 1 ? { view: own, matches } : { view: own, notFound: error.message, matches };
  }
}
