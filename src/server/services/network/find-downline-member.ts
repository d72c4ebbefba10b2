import { getDb } from '../../db/client';
import { downlineMemberByIdMember, type TreePosition } from '../../db/queries/network';
import { AppError } from '../../errors';

export const NOT_IN_DOWNLINE = 'Member tidak ditemukan di jaringan Anda';

export interface DownlineMember {
  id: number;
  id_member: string;
  path: string;
  depth: number;
}

const dto = (m: TreePosition): DownlineMember => ({ id: m.id, id_member: m.idMember, path: m.path, depth: m.depth });

/**
 * A member by ID Member (or the signed-in member when empty), only if inside the signed-in
 * member's own downline; anyone else answers as not found (DESIGN.md §3). The viewer's own position
 * is the session's (SessionMember carries it), not read again.
 */
export async function findDownlineMember(viewer: TreePosition, idMember: string | null | undefined): Promise<DownlineMember> {
  const wanted = idMember?.trim();
  if (!wanted || wanted === viewer.idMember) return dto(viewer);
  if (wanted.length > 20) throw new AppError('NOT_FOUND', NOT_IN_DOWNLINE);
  const row = await downlineMemberByIdMember(await getDb(), viewer.path, wanted);
  if (!row) throw new AppError('NOT_FOUND', NOT_IN_DOWNLINE);
  return dto(row);
}
