import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

export const NOT_IN_DOWNLINE = 'Member tidak ditemukan di jaringan Anda';

export interface DownlineMember {
  id: number;
  id_member: string;
  path: string;
  depth: number;
}

/**
 * A member by ID Member (or the signed-in member when empty), only if inside the signed-in
 * member's own downline; anyone else answers as not found (DESIGN.md §3).
 */
export async function findDownlineMember(viewer: Pick<SessionMember, 'id'>, idMember: string | null | undefined): Promise<DownlineMember> {
  const db = await getDb();
  const [me] = await selectRows<DownlineMember>(db, sql`select id::int as id, id_member, path, depth from members where id = ${viewer.id}`);
  const wanted = idMember?.trim();
  if (!wanted || wanted === me!.id_member) return me!;
  if (wanted.length > 20) throw new AppError('NOT_FOUND', NOT_IN_DOWNLINE);
  const [row] = await selectRows<DownlineMember>(db, sql`
    select id::int as id, id_member, path, depth from members
    where id_member = ${wanted} and path > ${me!.path} and path < ${`${me!.path}2`}`);
  if (!row) throw new AppError('NOT_FOUND', NOT_IN_DOWNLINE);
  return row;
}
