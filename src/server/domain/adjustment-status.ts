/**
 * A manual adjustment's one transition table (COMP_PLAN.md "Commission control"): made (diajukan)
 * by one operator, decided (disetujui or ditolak) by a second. A decided adjustment never moves.
 */

import { isSecondOperator } from './four-eyes';
export const ADJUSTMENT_STATUSES = ['diajukan', 'disetujui', 'ditolak'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
/** `new`: no adjustment yet — the maker's request creates one. */
export type AdjustmentOrigin = AdjustmentStatus | 'new';

/**
 * - `other-operator`: the checker is not the maker (four-eyes);
 * - `reason`: a rejection says why.
 */
export type AdjustmentCondition = 'other-operator' | 'reason';

export const ADJUSTMENT_TRANSITIONS: Readonly<
  Record<AdjustmentOrigin, Readonly<Partial<Record<AdjustmentStatus, readonly AdjustmentCondition[]>>>>
> = {
  new: { diajukan: [] },
  diajukan: { disetujui: ['other-operator'], ditolak: ['other-operator', 'reason'] },
  disetujui: {},
  ditolak: {},
};

export const ADJUSTMENT_LABELS: Record<AdjustmentStatus, string> = {
  diajukan: 'Diajukan',
  disetujui: 'Disetujui',
  ditolak: 'Ditolak',
};

export const ADJUSTMENT_MESSAGES = {
  sameOperator: 'Persetujuan harus oleh operator lain: pembuat penyesuaian tidak boleh memutuskan penyesuaiannya sendiri',
  reasonRequired: 'Alasan penolakan harus diisi',
} as const;

export interface AdjustmentFacts {
  status: AdjustmentOrigin;
  makerId: number | null;
  checkerId: number | null;
  reason?: string;
}

/** Why the adjustment may not move to `to` (undefined: it may), from the table alone. */
export function adjustmentMoveRefusal(f: AdjustmentFacts, to: AdjustmentStatus): string | undefined {
  const conditions = ADJUSTMENT_TRANSITIONS[f.status][to];
  if (!conditions) {
    const now = f.status === 'new' ? 'belum ada' : `berstatus ${ADJUSTMENT_LABELS[f.status]}`;
    return `Penyesuaian ${now}; tidak dapat menjadi ${ADJUSTMENT_LABELS[to]}`;
  }
  for (const c of conditions) {
    if (c === 'other-operator' && !isSecondOperator(f.makerId, f.checkerId)) return ADJUSTMENT_MESSAGES.sameOperator;
    if (c === 'reason' && !f.reason?.trim()) return ADJUSTMENT_MESSAGES.reasonRequired;
  }
  return undefined;
}
