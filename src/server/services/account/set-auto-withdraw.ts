import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { members } from '../../db/schema';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';

export async function setAutoWithdraw(member: SessionMember, publicId: string | undefined, on: boolean): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  await db.update(members).set({ autoWidraw: on }).where(eq(members.id, member.id));
  return on ? 'Auto withdraw diaktifkan' : 'Auto withdraw dinonaktifkan';
}
