import { getDb } from '../../db/client';
import { downlineByNamePrefix, memberPosition } from '../../db/queries/network';
import type { SessionMember } from '../auth/session-member';

/** GET /member/opt/downline: up to 10 members of the own downline whose name starts with `search`. */
export async function searchDownline(viewer: SessionMember, search: string): Promise<{ id_member: string; nama: string }[]> {
  const term = search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .slice(0, 60);
  if (term.length < 3) return [];
  const db = await getDb();
  const me = await memberPosition(db, viewer.id);
  return downlineByNamePrefix(db, me!.path, term);
}
