/**
 * A settings proposal's one transition table (docs/decisions/0023-settings-approval.md): a
 * SUPERADMIN proposes a group's new values (diajukan); a second SUPERADMIN approves (disetujui,
 * live from its effective date) or rejects (ditolak). A decided proposal never moves.
 */

import { isSecondOperator } from './four-eyes';
export const PROPOSAL_STATUSES = ['diajukan', 'disetujui', 'ditolak'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export type ProposalOrigin = ProposalStatus | 'new';

export const PROPOSAL_TRANSITIONS: Readonly<Record<ProposalOrigin, readonly ProposalStatus[]>> = {
  new: ['diajukan'],
  diajukan: ['disetujui', 'ditolak'],
  disetujui: [],
  ditolak: [],
};

export const PROPOSAL_LABELS: Record<ProposalStatus, string> = {
  diajukan: 'Menunggu persetujuan',
  disetujui: 'Disetujui',
  ditolak: 'Ditolak',
};

export const PROPOSAL_MESSAGES = {
  sameOperator: 'Persetujuan harus oleh SUPERADMIN lain: pengusul tidak boleh memutuskan usulannya sendiri',
} as const;

/** Why the proposal may not move to `to` (undefined: it may). A decision is the other operator's. */
export function proposalMoveRefusal(f: { status: ProposalOrigin; makerId: number | null; checkerId: number | null }, to: ProposalStatus) {
  if (!PROPOSAL_TRANSITIONS[f.status].includes(to))
    return `Usulan ${f.status === 'new' ? 'belum ada' : `berstatus ${PROPOSAL_LABELS[f.status]}`}; tidak dapat menjadi ${PROPOSAL_LABELS[to]}`;
  if (f.status !== 'new' && !isSecondOperator(f.makerId, f.checkerId)) return PROPOSAL_MESSAGES.sameOperator;
  return undefined;
}

/** The day a change approved on `today` is live from: the proposed day, never before the approval. */
export const effectiveFrom = (proposed: string | null, today: string): string => (proposed && proposed > today ? proposed : today);
