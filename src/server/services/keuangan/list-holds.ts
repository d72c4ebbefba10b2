import { getDb } from '../../db/client';
import { liveHolds, memberByIdMember, pendingBonusesOf } from '../../db/queries/commission-control';
import { type Actor, assertRole } from '../operator/assert-role';

/**
 * The holds page (`/admin/keuangan/tahan`): the live holds and, for a member searched by id, their
 * unpaid bonuses with whether a hold covers each.
 */
export async function listHolds(by: Actor, idMember?: string) {
  assertRole(by, ['KEUANGAN']);
  const db = await getDb();
  const member = idMember ? await memberByIdMember(db, idMember) : undefined;
  return {
    holds: await liveHolds(db),
    member: member ? { id_member: member.idMember, nama: member.nama, bonuses: await pendingBonusesOf(db, member.id) } : undefined,
  };
}
