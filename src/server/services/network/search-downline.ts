import { getDb } from '../../db/client';
import { downlineByNamePrefix, type TreePosition } from '../../db/queries/network';

/** GET /member/opt/downline: up to 10 members of the own downline whose name starts with `search`. */
export async function searchDownline(viewer: TreePosition, search: string): Promise<{ id_member: string; nama: string }[]> {
  const term = search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .slice(0, 60);
  if (term.length < 3) return [];
  return downlineByNamePrefix(await getDb(), viewer.path, term);
}
