/**
 * The payout's one transition table (COMP_PLAN.md "Withholding and payouts", "Commission control").
 * Every change of a payout's status — a member's request, the console, `npm run ops -- payout:*`,
 * a bank batch's export and completion, the closing's auto-withdraw — asks this module first.
 */

/** spec/000 §3: draft is never created by the portal (kept for the spec's shape), the rest are. */
export const PAYOUT_STATUSES = ['draft', 'queued', 'processed', 'completed', 'rejected', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** `new`: no payout yet — a member's request (or the auto-withdraw) creates one. */
export type PayoutOrigin = PayoutStatus | 'new';

/**
 * What must hold for a move:
 * - `member-active`: the member is not suspended;
 * - `in-batch`: the payout went to the bank in an exported batch (money only leaves that way);
 * - `not-in-batch`: the payout is in no batch (once in a bank file only the bank's answer, a
 *   failure, takes it back: a rejection would free bonuses the bank may still pay);
 * - `reason`: the operator gave a reason;
 * - `answer-of-batch`: who may say the bank paid or failed: for a payout sent to a disbursement
 *   provider (simulator, Iris), only that provider's answer (its notification or a status poll);
 *   for one in a bank CSV file (or in none), only an operator. Money that left through an API is
 *   never marked by hand, and a provider's answer never moves a payout it was not given.
 *
 * `member-active` is not asked of a provider's answer: a transfer the bank already made (after the
 * checker approved it while the member was active) is a fact to record, not a choice.
 */
export type PayoutCondition = 'member-active' | 'in-batch' | 'not-in-batch' | 'reason' | 'answer-of-batch';

/** from-status → allowed to-statuses, each with its conditions (checked in this order). Nothing else moves. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutOrigin, Readonly<Partial<Record<PayoutStatus, readonly PayoutCondition[]>>>>> = {
  new: { queued: ['member-active'] },
  draft: {},
  queued: { processed: ['member-active'], rejected: ['reason'], failed: ['reason'] },
  processed: {
    completed: ['in-batch', 'answer-of-batch', 'member-active'],
    rejected: ['reason', 'not-in-batch'],
    failed: ['reason', 'answer-of-batch'],
  },
  completed: {},
  rejected: {},
  failed: {},
};

/** What a move does besides the status (applied by services/bonus/move-payout.ts). */
export const PAYOUT_EFFECTS: Readonly<
  Record<PayoutStatus, { stamp?: 'processed_at' | 'completed_at'; bonuses?: 'pay' | 'release'; note?: true }>
> = {
  draft: {},
  queued: {},
  processed: { stamp: 'processed_at' },
  // The bonuses are PROCESSED (paid) exactly when their payout completes.
  completed: { stamp: 'completed_at', bonuses: 'pay' },
  // Released bonuses are unpaid again and can be requested anew.
  rejected: { bonuses: 'release', note: true },
  failed: { bonuses: 'release', note: true },
};

/** The operator actions (console buttons, `npm run ops -- payout:<action>`) and the status each moves to. */
export const PAYOUT_ACTION_TARGETS = {
  process: 'processed',
  complete: 'completed',
  reject: 'rejected',
  fail: 'failed',
} as const satisfies Record<string, PayoutStatus>;
export type PayoutAction = keyof typeof PAYOUT_ACTION_TARGETS;
export const PAYOUT_ACTIONS = Object.keys(PAYOUT_ACTION_TARGETS) as readonly PayoutAction[];

/** The console's button label of the move to each status, used in the refusals. */
const MOVE_LABELS: Record<PayoutStatus, string> = {
  draft: 'Draft',
  queued: 'Ajukan',
  processed: 'Proses',
  completed: 'Selesai',
  rejected: 'Tolak',
  failed: 'Gagal',
};

export const PAYOUT_STATUS_MESSAGES = {
  reasonRequired: 'Alasan penolakan atau kegagalan harus diisi',
  /** To the member (POST /member/bonus/payout). */
  memberSuspended: 'Akun Anda sedang dibekukan, penarikan bonus tidak dapat diajukan',
} as const;

/** What the move is checked against: the payout as locked, its batch and its member. */
export interface PayoutFacts {
  /** undefined for `new`. */
  no?: string;
  status: PayoutOrigin;
  /** The bank batch it was exported in, if any. */
  batchNo: string | null;
  memberSuspended: boolean;
  /** A KEUANGAN hold covers it (its member's or one of its bonuses'): it stays out of batches. */
  held?: boolean;
  reason?: string;
  /** The provider of its batch: `manual` (a bank CSV file) or a disbursement API; null/absent: none. */
  batchProvider?: 'manual' | 'simulator' | 'iris' | null;
  /** Who asks: an operator (console, command; the default) or the provider's answer. */
  via?: 'operator' | 'provider';
}

/** A refused move: the full sentence, and the short reason a list of skipped payouts shows. */
export interface PayoutRefusal {
  code: 'CONFLICT' | 'BAD_INPUT';
  message: string;
  singkat: string;
}

/** The short reason of each unmet condition (lists of payouts left out of a batch or its completion). */
export const PAYOUT_CONDITION_SHORT: Record<PayoutCondition, string> = {
  'member-active': 'akun member dibekukan',
  'in-batch': 'belum masuk batch transfer',
  'not-in-batch': 'sudah ada di batch lain',
  reason: 'alasan belum diisi',
  'answer-of-batch': 'menunggu jawaban penyedia transfer',
};

/** The statuses a payout may move to `to` from, as listed in the table. */
export const payoutOriginsOf = (to: PayoutStatus): PayoutOrigin[] =>
  (Object.keys(PAYOUT_TRANSITIONS) as PayoutOrigin[]).filter((from) => PAYOUT_TRANSITIONS[from][to] !== undefined);

/** The statuses an operator action may start from (the console shows only the buttons that can work). */
export const payoutActionsFrom = (from: PayoutOrigin): PayoutAction[] =>
  PAYOUT_ACTIONS.filter((a) => PAYOUT_TRANSITIONS[from][PAYOUT_ACTION_TARGETS[a]] !== undefined);

function refusalOf(condition: PayoutCondition, f: PayoutFacts, to: PayoutStatus): Omit<PayoutRefusal, 'singkat'> | undefined {
  const label = MOVE_LABELS[to];
  switch (condition) {
    case 'member-active':
      if (!f.memberSuspended || f.via === 'provider') return undefined;
      return {
        code: 'CONFLICT',
        message:
          f.no === undefined
            ? PAYOUT_STATUS_MESSAGES.memberSuspended
            : `Payout ${f.no}: akun member dibekukan; "${label}" tidak dapat dilakukan sampai pembekuan dicabut`,
      };
    case 'in-batch':
      return f.batchNo
        ? undefined
        : {
            code: 'CONFLICT',
            message: `Payout ${f.no} belum masuk batch transfer; "${label}" hanya lewat batch: ekspor batch, lalu tandai batch selesai setelah bank membayar`,
          };
    case 'not-in-batch':
      return f.batchNo
        ? {
            code: 'CONFLICT',
            message: `Payout ${f.no} sudah masuk batch transfer ${f.batchNo}, tidak dapat ditolak; bila bank gagal mentransfer, tandai "Gagal" dengan jawaban bank`,
          }
        : undefined;
    case 'reason':
      return f.reason?.trim() ? undefined : { code: 'BAD_INPUT', message: PAYOUT_STATUS_MESSAGES.reasonRequired };
    case 'answer-of-batch': {
      const byApi = f.batchProvider === 'simulator' || f.batchProvider === 'iris';
      if (byApi && f.via !== 'provider') {
        return {
          code: 'CONFLICT',
          message: `Payout ${f.no} dikirim lewat penyedia transfer (${f.batchProvider}) dalam batch ${f.batchNo}; "${label}" hanya dari jawaban penyedia (notifikasi atau cek status)`,
        };
      }
      if (!byApi && f.via === 'provider')
        return { code: 'CONFLICT', message: `Payout ${f.no} tidak dikirim lewat penyedia transfer; jawaban penyedia tidak mengubahnya` };
      return undefined;
    }
  }
}

/** Why the payout may not move to `to` (undefined: it may), from the table alone. */
export function payoutMoveRefusal(f: PayoutFacts, to: PayoutStatus): PayoutRefusal | undefined {
  const conditions = PAYOUT_TRANSITIONS[f.status][to];
  if (!conditions) {
    const from = payoutOriginsOf(to).filter((s) => s !== 'new');
    const allowed = from.length ? `hanya untuk payout berstatus ${from.join(' atau ')}` : 'tidak tersedia';
    return {
      code: 'CONFLICT',
      message: `Payout ${f.no ?? ''} berstatus ${f.status}; "${MOVE_LABELS[to]}" ${allowed}`,
      singkat: `berstatus ${f.status}`,
    };
  }
  for (const condition of conditions) {
    const refusal = refusalOf(condition, f, to);
    if (refusal) return { ...refusal, singkat: PAYOUT_CONDITION_SHORT[condition] };
  }
  return undefined;
}

/**
 * Why a payout is left out of a new bank batch (undefined: it goes in). It must be able to reach
 * the bank (queued ones are processed on export, so the processed move's conditions apply), be
 * in no batch yet and not be held.
 */
export function batchExclusion(f: PayoutFacts): string | undefined {
  if (f.status !== 'queued' && f.status !== 'processed') return `berstatus ${f.status}`;
  if (f.batchNo) return PAYOUT_CONDITION_SHORT['not-in-batch'];
  if (f.memberSuspended) return PAYOUT_CONDITION_SHORT['member-active'];
  if (f.held) return PAYOUT_HELD_SHORT;
  return undefined;
}

/** Why a held payout is left out of a batch (COMP_PLAN.md "Commission control"). */
export const PAYOUT_HELD_SHORT = 'bonus ditahan KEUANGAN';
