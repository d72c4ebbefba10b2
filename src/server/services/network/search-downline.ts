import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { SessionMember } from '../auth/session-member';

/** GET /member/opt/downline: up to 10 members of the own downline whose name starts with `search`. */
export async function searchDownline(viewer: SessionMember, search: string): Promise<{ id_member: string; nama: string }[]> {
  const term = search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`).slice(0, 60);
  if (term.length < 3) return [];
  const db = await getDb();
  const [me] = await selectRows<{ path: string }>(db, sql`select path from members where id = ${viewer.id}`);
  return selectRows(db, sql`
    select id_member, nama from members
    where (lower(nama) collate "C") like ${`${term}%`} and path > ${me!.path} and path < ${`${me!.path}2`}
    order by (lower(nama) collate "C"), id limit 10`);
}
