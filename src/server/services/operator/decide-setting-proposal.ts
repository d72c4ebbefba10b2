import { jakartaDate } from '../../../lib/calendar';
import { tanggal as tanggalText } from '../../../lib/format';
import { inTransaction } from '../../db/client';
import { lockProposal, lockSettingProposals, writeProposalDecision } from '../../db/queries/setting-proposals';
import { effectiveFrom, type ProposalStatus, proposalMoveRefusal } from '../../domain/setting-proposal-status';
import { AppError } from '../../errors';
import { forgetSettingsCache } from '../settings';
import { applyDueProposals } from './apply-setting-proposals';
import type { SessionOperator } from './operator-sessions';
import { recordAudit } from './record-audit';
import { requireRole } from './require-role';

export const PROPOSAL_NOT_FOUND = 'Usulan pengaturan tidak ditemukan';
export const PROPOSAL_LIVE = 'Usulan disetujui dan berlaku mulai hari ini';
export const proposalScheduled = (day: string) => `Usulan disetujui; berlaku mulai ${tanggalText(day)}`;
export const PROPOSAL_REJECTED = 'Usulan ditolak';

/**
 * A second SUPERADMIN decides a settings proposal (four-eyes, through the transition table).
 * Approved, it is live from its effective day (never before today): today's is written to the
 * settings table at once, a later one by the scheduler's job on that day; the closing of any day
 * reads the version in effect that day (services/bonus/get-plan.ts).
 */
export async function decideSettingProposal(operator: SessionOperator, id: number, keputusan: string): Promise<{ message: string }> {
  requireRole(operator, []);
  if (keputusan !== 'setujui' && keputusan !== 'tolak') throw new AppError('BAD_INPUT', 'Pilih setujui atau tolak');
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', PROPOSAL_NOT_FOUND);
  const to: ProposalStatus = keputusan === 'setujui' ? 'disetujui' : 'ditolak';
  const today = jakartaDate();
  const result = await inTransaction(async (tx) => {
    await lockSettingProposals(tx);
    const p = await lockProposal(tx, id);
    if (!p) throw new AppError('NOT_FOUND', PROPOSAL_NOT_FOUND);
    const refusal = proposalMoveRefusal({ status: p.status, makerId: p.pengusulId, checkerId: operator.id }, to);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const berlaku = to === 'disetujui' ? effectiveFrom(p.berlakuMulai, today) : p.berlakuMulai;
    await writeProposalDecision(tx, id, { status: to, by: operator, berlakuMulai: berlaku });
    await recordAudit(
      tx,
      operator,
      to === 'disetujui' ? 'setting:approve' : 'setting:reject',
      `setting-proposal:${id}`,
      { status: p.status },
      {
        status: to,
        berlaku_mulai: berlaku,
      },
    );
    if (to === 'ditolak') return { message: PROPOSAL_REJECTED, applied: 0 };
    const applied = await applyDueProposals(tx, today, operator);
    return { message: berlaku === today ? PROPOSAL_LIVE : proposalScheduled(berlaku!), applied };
  });
  if (result.applied) forgetSettingsCache();
  return { message: result.message };
}
