import { getDb } from '../../db/client';
import { downlineMemberByIdMember, memberPosition, type TreePosition } from '../../db/queries/network';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

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
 * member's own downline; anyone else answers as not found (DESIGN.md §3).
 */
export async function findDownlineMember(viewer: Pick<SessionMember, 'id'>, idMember: string | null | undefined): Promise<DownlineMember> {
  const db = await getDb();
  const me = (await memberPosition(db, viewer.id))!;
  const wanted = idMember?.trim();
  if (!wanted || wanted === me.idMember) return dto(me);
  if (wanted.length > 20) throw new AppError('NOT_FOUND', NOT_IN_DOWNLINE);
  const row = await downlineMemberByIdMember(db, me.path, wanted);
  if (!row) throw new AppError('NOT_FOUND', NOT_IN_DOWNLINE);
  return dto(row);
}
