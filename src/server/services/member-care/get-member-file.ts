import { memberCareMessages } from '../../../lib/schemas/member-care';
import { getDb } from '../../db/client';
import { auditOfObject } from '../../db/queries/audit';
import { memberFileProfile, memberFileRecords, sponsorOf } from '../../db/queries/member-care';
import { memberPosition } from '../../db/queries/network';
import { AppError } from '../../errors';
import { getTree } from '../network/get-tree';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { memberObject } from './member-object';

const RECENT = 20;

/** The audit action of an operator opening a member's file (personal data). */
export const MEMBER_FILE_VIEW_ACTION = 'member:view';

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
  const tree = await getTree((await memberPosition(db, profile.id))!, null, levels);
  const [records, actions] = await Promise.all([
    memberFileRecords(db, profile.id, RECENT),
    auditOfObject(db, memberObject(profile.idMember), 50, [MEMBER_FILE_VIEW_ACTION]),
  ]);
  // Personal data seen by an operator: in the audit trail (who, when, which member), not in the file's own list.
  await recordAudit(db, { id: operator.id, nama: operator.nama }, MEMBER_FILE_VIEW_ACTION, memberObject(profile.idMember), null, null);
  return {
    profile,
    sponsor,
    tree,
    orders: records.recentOrders,
    bonuses: records.recentBonuses,
    payouts: records.recentPayouts,
    taxHistory: records.taxHistory,
    actions,
    bonusBelumDitarik: records.bonusBelumDitarik,
  };
}

/** The newest suspension reason, shown beside the warning on the member's file. */
export function lastSuspension(actions: { action: string; after: unknown }[]): string | undefined {
  const row = actions.find((a) => a.action === 'member:suspend');
  return (row?.after as { alasan?: string } | null)?.alasan;
}
