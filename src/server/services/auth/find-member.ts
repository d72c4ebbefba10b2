import { eq, or, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { members } from '../../db/schema';

/**
 * A member by ID Member or username (sign-in and forgot password accept either). An ID Member
 * always reaches that ID's owner, whatever another member's username says.
 */
export async function findMemberByLogin(usernameOrId: string) {
  const value = usernameOrId.trim();
  if (!value || value.length > 100) return undefined;
  const db = await getDb();
  const [row] = await db.select({
    id: members.id, idMember: members.idMember, username: members.username, nama: members.nama,
    email: members.email, passwordHash: members.passwordHash,
  }).from(members)
    .where(or(eq(members.idMember, value), eq(sql`lower(${members.username})`, value.toLowerCase())))
    .orderBy(sql`${members.idMember} = ${value} desc`)
    .limit(1);
  return row;
}
