/**
 * The daily closing's one transition table (COMP_PLAN.md "Commission control"): a day's closing is
 * computed as a DRAFT and its bonuses become payable only when it is APPROVED — by a KEUANGAN
 * operator, never the operator who started that draft (four-eyes), or by the scheduler after the
 * configured number of hours. A draft may be discarded and computed again before approval; an
 * approved day is final.
 */

import { isSecondOperator } from './four-eyes';

export const CLOSING_STATUSES = ['DRAFT', 'APPROVED'] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];

/** `none`: the day has no closing (not yet computed, or its draft was discarded). */
export type ClosingState = ClosingStatus | 'none';

/**
 * What must hold for a move:
 * - `other-operator`: the approver is not the operator who started the draft (a draft made by the
 *   scheduler or a command may be approved by any KEUANGAN operator);
 * - `auto-due`: an approval by the scheduler only once the draft is older than the setting's hours
 *   (0: never);
 * - `last-closed`: only the last closed day can be discarded (the days after it build on its counters);
 * - `history`: a closing recorded approved at once is the demo generator's history only.
 */
export type ClosingCondition = 'other-operator' | 'auto-due' | 'last-closed' | 'history';

export const CLOSING_TRANSITIONS: Readonly<Record<ClosingState, Readonly<Partial<Record<ClosingState, readonly ClosingCondition[]>>>>> = {
  none: { DRAFT: [], APPROVED: ['history'] },
  DRAFT: { APPROVED: ['other-operator', 'auto-due'], none: ['last-closed'] },
  APPROVED: {},
};

/** What a move is checked against. */
export interface ClosingFacts {
  tanggal: string;
  status: ClosingState;
  /** The operator who started the draft; null: the scheduler or a command. */
  dibuatOleh: number | null;
  /** Who moves it: an operator's id, or null for the system (scheduler, command, demo generator). */
  olehId: number | null;
  /** How the move comes: an operator's button or command, the scheduler's auto-approval, the demo generator. */
  via: 'operator' | 'auto' | 'history';
  /** Hours since the draft was computed, and the setting (0: never auto-approve). */
  umurJam?: number;
  autoApproveJam?: number;
  /** Whether the day is the last closed day. */
  terakhir?: boolean;
}

const TARGET_LABELS: Record<ClosingState, string> = { DRAFT: 'Hitung', APPROVED: 'Setujui', none: 'Hitung ulang' };
const STATUS_TEXT: Record<ClosingState, string> = { DRAFT: 'draft', APPROVED: 'disetujui', none: 'belum dihitung' };

export const CLOSING_MESSAGES = {
  sameOperator: (tanggal: string) =>
    `Closing ${tanggal} dibuat oleh Anda sendiri; persetujuan harus oleh operator KEUANGAN lain (empat mata)`,
  notDue: (tanggal: string) => `Closing ${tanggal} belum waktunya disetujui otomatis`,
  notLast: (tanggal: string) => `Closing ${tanggal} bukan hari terakhir yang ditutup; hanya draft hari terakhir yang bisa dihitung ulang`,
  historyOnly: (tanggal: string) => `Closing ${tanggal} tidak bisa langsung disetujui; closing dihitung sebagai draft lebih dulu`,
} as const;

function refusalOf(c: ClosingCondition, f: ClosingFacts): string | undefined {
  switch (c) {
    case 'other-operator':
      // Only an operator's own draft binds (the scheduler's or a command's binds no one).
      return f.via === 'operator' && f.dibuatOleh !== null && !isSecondOperator(f.dibuatOleh, f.olehId)
        ? CLOSING_MESSAGES.sameOperator(f.tanggal)
        : undefined;
    case 'auto-due':
      if (f.via !== 'auto') return undefined;
      return f.autoApproveJam && f.autoApproveJam > 0 && (f.umurJam ?? 0) >= f.autoApproveJam
        ? undefined
        : CLOSING_MESSAGES.notDue(f.tanggal);
    case 'last-closed':
      return f.terakhir ? undefined : CLOSING_MESSAGES.notLast(f.tanggal);
    case 'history':
      return f.via === 'history' ? undefined : CLOSING_MESSAGES.historyOnly(f.tanggal);
  }
}

/** Why the closing of the day may not move to `to` (undefined: it may), from the table alone. */
export function closingMoveRefusal(f: ClosingFacts, to: ClosingState): string | undefined {
  const conditions = CLOSING_TRANSITIONS[f.status][to];
  if (!conditions) return `Closing ${f.tanggal} berstatus ${STATUS_TEXT[f.status]}; "${TARGET_LABELS[to]}" tidak dapat dilakukan`;
  for (const c of conditions) {
    const refusal = refusalOf(c, f);
    if (refusal) return refusal;
  }
  return undefined;
}

/** The label of a closing's status as the console shows it. */
export const CLOSING_STATUS_LABELS: Record<ClosingStatus, string> = { DRAFT: 'Draft (belum dapat dibayar)', APPROVED: 'Disetujui' };
