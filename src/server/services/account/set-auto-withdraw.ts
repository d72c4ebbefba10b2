import { getDb } from '../../db/client';
import { updateMember } from '../../db/queries/account';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';

export async function setAutoWithdraw(member: SessionMember, publicId: string | undefined, on: boolean): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  await updateMember(db, member.id, { autoWidraw: on });
  return on ? 'Auto withdraw diaktifkan' : 'Auto withdraw dinonaktifkan';
}
