import { memberCareMessages, sponsorChangeSchema } from '../../../lib/schemas/member-care';
import { inTransaction } from '../../db/client';
import { idMemberOfId, lockMemberForCare, memberPlace, setSponsor } from '../../db/queries/member-care-edits';
import { lockPlacements } from '../../db/queries/network';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { mailCareNotice } from './care-edit';
import { memberObject } from './member-object';
import { assertCorrectable } from './placement-guard';

/**
 * SUPERADMIN corrects a member's sponsor (placement-guard.ts says when). The new sponsor must sit
 * above the member in the tree, as a registration places every member in the sponsor's own leg.
 */
export async function changeSponsor(operator: SessionOperator, idMember: string, form: Record<string, unknown>): Promise<string> {
  requireRole(operator, []);
  const input = parseWith(sponsorChangeSchema, form);
  const done = await inTransaction(async (tx) => {
    await lockPlacements(tx);
    const row = await lockMemberForCare(tx, idMember);
    if (!row) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    const sponsor = await memberPlace(tx, input.sponsor);
    if (!sponsor) throw new AppError('BAD_INPUT', memberCareMessages.sponsorNotFound, { sponsor: memberCareMessages.sponsorNotFound });
    if (sponsor.id === row.id) throw new AppError('BAD_INPUT', memberCareMessages.sponsorSelf, { sponsor: memberCareMessages.sponsorSelf });
    if (sponsor.id === row.sponsorId)
      throw new AppError('BAD_INPUT', memberCareMessages.sameSponsor, { sponsor: memberCareMessages.sameSponsor });
    if (!row.path.startsWith(sponsor.path))
      throw new AppError('BAD_INPUT', memberCareMessages.sponsorNotAbove, { sponsor: memberCareMessages.sponsorNotAbove });
    await assertCorrectable(tx, row);
    await setSponsor(tx, row.id, sponsor.id);
    const before = { sponsorId: await idMemberOfId(tx, row.sponsorId) };
    await recordAudit(tx, operator, CARE_ACTIONS.sponsor, memberObject(idMember), before, {
      sponsorId: sponsor.idMember,
      alasan: input.alasan,
    });
    return { row, sponsor };
  });
  await mailCareNotice(done.row.email, done.row.nama, CARE_ACTIONS.sponsor, ['sponsorId'], input.alasan);
  return `Sponsor dikoreksi menjadi ${done.sponsor.nama} (${done.sponsor.idMember})`;
}
