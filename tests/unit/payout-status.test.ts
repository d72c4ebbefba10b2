import { describe, expect, it } from 'vitest';
import {
  batchExclusion,
  PAYOUT_STATUSES,
  PAYOUT_TRANSITIONS,
  type PayoutCondition,
  type PayoutOrigin,
  type PayoutStatus,
  payoutActionsFrom,
  payoutMoveRefusal,
} from '../../src/server/domain/payout-status';

/** Every allowed move with its conditions and why; every pair not listed is forbidden. */
const ALLOWED: [PayoutOrigin, PayoutStatus, PayoutCondition[], string][] = [
  ['new', 'queued', ['member-active'], 'a member asks for a withdrawal (not while suspended)'],
  ['queued', 'processed', ['member-active'], 'finance takes it up (export does this too)'],
  ['queued', 'rejected', ['reason'], 'refused before it reached the bank'],
  ['queued', 'failed', ['reason'], 'a failed manual attempt, with the reason'],
  [
    'processed',
    'completed',
    ['in-batch', 'answer-of-batch', 'member-active'],
    'the bank paid the batch it was sent in (a provider’s batch: by the provider’s answer only)',
  ],
  ['processed', 'rejected', ['reason', 'not-in-batch'], 'refused before any bank file listed it'],
  [
    'processed',
    'failed',
    ['reason', 'answer-of-batch'],
    'the bank’s answer: the transfer failed (a provider’s batch: by the provider’s answer only)',
  ],
];

const ORIGINS: PayoutOrigin[] = ['new', ...PAYOUT_STATUSES];
const PAIRS = ORIGINS.flatMap((from) =>
  PAYOUT_STATUSES.map((to) => {
    const allowed = ALLOWED.find(([f, t]) => f === from && t === to);
    return { from, to, conditions: allowed?.[2] ?? null, reason: allowed?.[3] ?? 'not a move of the plan' };
  }),
);

/** Facts meeting every condition but the one that contradicts the other (`in-batch` vs `not-in-batch`). */
const fine = (from: PayoutOrigin, conditions: PayoutCondition[] | null) => ({
  no: from === 'new' ? undefined : 'WD-20260101-0000001',
  status: from,
  memberSuspended: false,
  reason: 'Rekening tidak aktif',
  batchNo: conditions?.includes('in-batch') ? 'BTR-20260101-00001' : null,
});

describe('the payout transition table (src/server/domain/payout-status.ts)', () => {
  it('lists exactly the allowed moves', () => {
    const listed = ORIGINS.flatMap((from) => Object.entries(PAYOUT_TRANSITIONS[from]).map(([to, c]) => [from, to, c]));
    expect(listed).toEqual(ALLOWED.map(([f, t, c]) => [f, t, c]));
  });

  describe.each(PAIRS)('$from → $to', ({ from, to, conditions, reason }) => {
    it(conditions ? `allowed when ${conditions.join(', ')} hold (${reason})` : `forbidden (${reason})`, () => {
      const refusal = payoutMoveRefusal(fine(from, conditions), to);
      if (conditions) expect(refusal).toBeUndefined();
      else expect(refusal).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`berstatus ${from}`) });
    });
  });
});

describe('the conditions, with the words the operator reads', () => {
  const no = 'WD-20260101-0000001';
  it.each([
    [
      { status: 'queued', batchNo: null },
      'completed',
      `Payout ${no} berstatus queued; "Selesai" hanya untuk payout berstatus processed`,
      'completing a queued payout skips processing and the bank',
    ],
    [
      { status: 'processed', batchNo: null },
      'completed',
      `Payout ${no} belum masuk batch transfer; "Selesai" hanya lewat batch: ekspor batch, lalu tandai batch selesai setelah bank membayar`,
      'money leaves only in a bank batch',
    ],
    [
      { status: 'processed', batchNo: 'BTR-20260101-00001', memberSuspended: true },
      'completed',
      `Payout ${no}: akun member dibekukan; "Selesai" tidak dapat dilakukan sampai pembekuan dicabut`,
      'a suspended member is not paid',
    ],
    [
      { status: 'queued', batchNo: null, memberSuspended: true },
      'processed',
      `Payout ${no}: akun member dibekukan; "Proses" tidak dapat dilakukan sampai pembekuan dicabut`,
      'nor processed',
    ],
    [
      { status: 'processed', batchNo: 'BTR-20260101-00001' },
      'rejected',
      `Payout ${no} sudah masuk batch transfer BTR-20260101-00001, tidak dapat ditolak; bila bank gagal mentransfer, tandai "Gagal" dengan jawaban bank`,
      'the bank may still pay the file',
    ],
    [
      { status: 'failed', batchNo: 'BTR-20260101-00001' },
      'failed',
      `Payout ${no} berstatus failed; "Gagal" hanya untuk payout berstatus queued atau processed`,
      'a second failure never releases twice',
    ],
    [
      { status: 'completed', batchNo: 'BTR-20260101-00001' },
      'rejected',
      `Payout ${no} berstatus completed; "Tolak" hanya untuk payout berstatus queued atau processed`,
      'paid is final',
    ],
  ] as const)('%o → %s: %s (%s)', (facts, to, message, _reason) => {
    expect(payoutMoveRefusal({ no, memberSuspended: false, reason: 'x', ...facts }, to)).toMatchObject({ code: 'CONFLICT', message });
  });

  it('reject and fail need a reason (400); the member’s own request while suspended gets the member’s words', () => {
    expect(
      payoutMoveRefusal({ no, status: 'processed', batchNo: 'BTR-20260101-00001', memberSuspended: false, reason: '  ' }, 'failed'),
    ).toEqual({ code: 'BAD_INPUT', message: 'Alasan penolakan atau kegagalan harus diisi', singkat: 'alasan belum diisi' });
    expect(payoutMoveRefusal({ status: 'new', batchNo: null, memberSuspended: true }, 'queued')).toEqual({
      code: 'CONFLICT',
      message: 'Akun Anda sedang dibekukan, penarikan bonus tidak dapat diajukan',
      singkat: 'akun member dibekukan',
    });
  });

  it.each([
    ['queued', ['process', 'reject', 'fail']],
    ['processed', ['complete', 'reject', 'fail']],
    ['completed', []],
    ['rejected', []],
    ['failed', []],
  ] as const)('the console offers on %s: %o', (from, actions) => {
    expect(payoutActionsFrom(from)).toEqual(actions);
  });

  it.each([
    [{ status: 'queued', batchNo: null, memberSuspended: false }, undefined],
    [{ status: 'processed', batchNo: null, memberSuspended: false }, undefined],
    [{ status: 'processed', batchNo: 'BTR-20260101-00001', memberSuspended: false }, 'sudah ada di batch lain'],
    [{ status: 'queued', batchNo: null, memberSuspended: true }, 'akun member dibekukan'],
    [{ status: 'failed', batchNo: null, memberSuspended: false }, 'berstatus failed'],
  ] as const)('a new bank batch takes %o: %s', (facts, exclusion) => {
    expect(batchExclusion({ no, ...facts })).toBe(exclusion);
  });
});

describe('a disbursement provider’s batch: who may say the bank paid or failed (answer-of-batch)', () => {
  const no = 'WD-20260101-0000001';
  const inBatch = (batchProvider: 'manual' | 'simulator' | 'iris' | null, extra: object = {}) => ({
    no,
    status: 'processed' as const,
    batchNo: batchProvider ? 'BTR-20260101-00002' : null,
    batchProvider,
    memberSuspended: false,
    reason: 'Rekening tidak aktif',
    ...extra,
  });

  it.each(['simulator', 'iris'] as const)(
    'an operator cannot complete or fail a payout sent through %s (only its answer can)',
    (provider) => {
      for (const to of ['completed', 'failed'] as const) {
        expect(payoutMoveRefusal(inBatch(provider), to)).toMatchObject({
          code: 'CONFLICT',
          singkat: 'menunggu jawaban penyedia transfer',
          message: `Payout ${no} dikirim lewat penyedia transfer (${provider}) dalam batch BTR-20260101-00002; "${to === 'completed' ? 'Selesai' : 'Gagal'}" hanya dari jawaban penyedia (notifikasi atau cek status)`,
        });
      }
    },
  );

  it.each(['manual', null] as const)('a provider’s answer cannot complete or fail a payout it was not given (batch %s)', (provider) => {
    expect(payoutMoveRefusal({ ...inBatch(provider), batchNo: 'BTR-20260101-00002', via: 'provider' }, 'completed')).toMatchObject({
      code: 'CONFLICT',
      message: `Payout ${no} tidak dikirim lewat penyedia transfer; jawaban penyedia tidak mengubahnya`,
    });
    expect(payoutMoveRefusal({ ...inBatch(provider), via: 'provider' }, 'failed')).toMatchObject({
      code: 'CONFLICT',
      message: `Payout ${no} tidak dikirim lewat penyedia transfer; jawaban penyedia tidak mengubahnya`,
    });
  });

  it('the provider’s answer completes or fails its own payout; a transfer already made is recorded even if the member was suspended since', () => {
    expect(payoutMoveRefusal(inBatch('iris', { via: 'provider' }), 'completed')).toBeUndefined();
    expect(payoutMoveRefusal(inBatch('simulator', { via: 'provider' }), 'failed')).toBeUndefined();
    expect(payoutMoveRefusal(inBatch('iris', { via: 'provider', memberSuspended: true }), 'completed')).toBeUndefined();
    // An operator completing a bank CSV batch of a suspended member is still refused.
    expect(payoutMoveRefusal(inBatch('manual', { memberSuspended: true }), 'completed')).toMatchObject({
      singkat: 'akun member dibekukan',
    });
  });

  it('a provider’s failure still needs its reason; a rejection of a payout in a provider’s batch stays refused', () => {
    expect(payoutMoveRefusal(inBatch('iris', { via: 'provider', reason: ' ' }), 'failed')).toMatchObject({ code: 'BAD_INPUT' });
    expect(payoutMoveRefusal(inBatch('iris'), 'rejected')).toMatchObject({ singkat: 'sudah ada di batch lain' });
  });

  it.each(['completed', 'failed', 'rejected'] as const)(
    'a provider’s answer never moves a %s payout again (replays, duplicates)',
    (from) => {
      for (const to of ['completed', 'failed'] as const) {
        expect(payoutMoveRefusal({ ...inBatch('iris', { via: 'provider' }), status: from }, to)).toMatchObject({
          code: 'CONFLICT',
          singkat: `berstatus ${from}`,
        });
      }
    },
  );
});
