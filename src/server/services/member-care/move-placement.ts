import { memberCareMessages, placementMoveSchema } from '../../../lib/schemas/member-care';
import { inTransaction } from '../../db/client';
import { idMemberOfId, lockMemberForCare, memberPlace, setPlacement } from '../../db/queries/member-care-edits';
import { lockPlacements, memberAtPath } from '../../db/queries/network';
import { childPath } from '../../domain/network-path';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { countInAncestors } from '../network/place-member';
import type { SessionOperator } from '../operator/operator-sessions';
import { recordAudit } from '../operator/record-audit';
import { requireRole } from '../operator/require-role';
import { CARE_ACTIONS } from './care-actions';
import { mailCareNotice } from './care-edit';
import { memberObject } from './member-object';
import { assertCorrectable } from './placement-guard';

/**
 * SUPERADMIN moves a member (without downline, placement-guard.ts) to a free slot of another
 * upline inside the sponsor's network, in one transaction under the placement lock: the member
 * leaves every old ancestor's side and rank counters, takes the new path and depth, and joins
 * the new ancestors' counters (the registration's own counter code, place-member.ts).
 */
export async function movePlacement(operator: SessionOperator, idMember: string, form: Record<string, unknown>): Promise<string> {
  requireRole(operator, []);
  const input = parseWith(placementMoveSchema, form);
  const done = await inTransaction(async (tx) => {
    await lockPlacements(tx);
    const row = await lockMemberForCare(tx, idMember);
    if (!row) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
    const upline = await memberPlace(tx, input.upline);
    if (!upline) throw new AppError('BAD_INPUT', memberCareMessages.uplineNotFound, { upline: memberCareMessages.uplineNotFound });
    if (upline.id === row.id) throw new AppError('BAD_INPUT', memberCareMessages.uplineSelf, { upline: memberCareMessages.uplineSelf });
    const path = childPath(upline.path, input.sisi);
    if (path === row.path) throw new AppError('BAD_INPUT', memberCareMessages.samePlacement);
    if (await memberAtPath(tx, path)) throw new AppError('CONFLICT', memberCareMessages.slotTaken, { sisi: memberCareMessages.slotTaken });
    const sponsor = row.sponsorId === null ? undefined : await memberPlace(tx, (await idMemberOfId(tx, row.sponsorId)) ?? '');
    if (sponsor && !path.startsWith(sponsor.path))
      throw new AppError('BAD_INPUT', memberCareMessages.placementNotUnderSponsor, { upline: memberCareMessages.placementNotUnderSponsor });
    await assertCorrectable(tx, row);
    await countInAncestors(tx, row.path, row.posisi, -1, true);
    await setPlacement(tx, row.id, { uplineId: upline.id, sisi: input.sisi, path, depth: upline.depth + 1 });
    await countInAncestors(tx, path, row.posisi, 1, true);
    const before = { upline: await idMemberOfId(tx, row.uplineId), sisi: row.sisi };
    await recordAudit(
      tx,
      operator,
      CARE_ACTIONS.placement,
      memberObject(idMember),
      { ...before, path: row.path },
      {
        upline: upline.idMember,
        sisi: input.sisi,
        path,
        alasan: input.alasan,
      },
    );
    return { row, upline };
  });
  await mailCareNotice(done.row.email, done.row.nama, CARE_ACTIONS.placement, ['upline', 'sisi'], input.alasan);
  return `Penempatan dikoreksi: di bawah ${done.upline.nama} (${done.upline.idMember}), sisi ${input.sisi === 'L' ? 'kiri' : 'kanan'}`;
}
