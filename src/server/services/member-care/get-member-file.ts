import { getDb } from '../../db/client';
import { auditOfObject } from '../../db/queries/audit';
import { memberFileProfile, memberFileRecords, sponsorOf } from '../../db/queries/member-care';
import { AppError } from '../../errors';
import { memberCareMessages } from '../../../lib/schemas/member-care';
import { getTree } from '../network/get-tree';
import { requireRole } from '../operator/require-role';
import type { SessionOperator } from '../operator/operator-sessions';
import { memberObject } from './member-object';

const RECENT = 20;

/**
 * A member's file for CS: profile, the tree from that member (the member tree's own service, as
 * if the member were looking), recent orders, bonuses, payouts, the tax-status history and every
 * operator action on the member.
 */
export async function getMemberFile(operator: SessionOperator, idMember: string, levels = 3) {
  requireRole(operator, ['CS']);
  const db = await getDb();
  const wanted = idMember.trim().slice(0, 20);
  const profile = await memberFileProfile(db, wanted);
  if (!profile) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
  const sponsor = await sponsorOf(db, profile.id);
  const tree = await getTree({ id: profile.id }, null, levels);
  const [records, actions] = await Promise.all([
    memberFileRecords(db, profile.id, RECENT),
    auditOfObject(db, memberObject(profile.idMember), 50),
  ]);
  return {
    profile, sponsor, tree, orders: records.recentOrders, bonuses: records.recentBonuses, payouts: records.recentPayouts,
    taxHistory: records.taxHistory, actions, bonusBelumDitarik: records.bonusBelumDitarik,
  };
}

/** The newest suspension reason, shown beside the warning on the member's file. */
export function lastSuspension(actions: { action: string; after: unknown }[]): string | undefined {
  const row = actions.find((a) => a.action === 'member:suspend');
  return (row?.after as { alasan?: string } | null)?.alasan;
}
