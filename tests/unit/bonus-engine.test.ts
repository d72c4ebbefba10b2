import { describe, expect, it } from 'vitest';
import { RANKS } from '../../src/lib/rank';
import { annualRank, makesPairs, type PairingUpline, pairDay, pairingExpiry } from '../../src/server/domain/bonus/pairing';
import { PAYOUT_MESSAGES, planPayout } from '../../src/server/domain/bonus/payout';
import { defaultPlan as plan } from '../../src/server/domain/bonus/plan';
import { pasal17, taxOnGross, withholdIncrement } from '../../src/server/domain/bonus/pph21';
import { createRandom } from '../../src/server/domain/random';

describe('daily pairing (COMP_PLAN.md)', () => {
  it.each([
    [
      { carriedLeft: 3, carriedRight: 0, newLeft: 2, newRight: 7, rank: 'SILVER', active: true },
      { pairs: 5, paidPairs: 5, bonus: 250_000, carryLeft: 0, carryRight: 2 },
      'the worked example',
    ],
    [
      { carriedLeft: 0, carriedRight: 0, newLeft: 20, newRight: 30, rank: 'BRONZE', active: true },
      { pairs: 20, paidPairs: 12, flushedPairs: 8, bonus: 600_000, carryLeft: 0, carryRight: 10 },
      'BRONZE cap 12, the rest flushed',
    ],
    [
      { carriedLeft: 60, carriedRight: 0, newLeft: 0, newRight: 50, rank: 'PLATINUM', active: true },
      { pairs: 50, paidPairs: 48, bonus: 2_400_000, carryLeft: 10, carryRight: 0 },
      'PLATINUM cap 48',
    ],
    [
      { carriedLeft: 4, carriedRight: 1, newLeft: 0, newRight: 5, rank: 'SILVER', active: false },
      { pairs: 4, paidPairs: 0, flushedPairs: 4, bonus: 0, carryLeft: 0, carryRight: 2 },
      'expired: flushed, remainder carries',
    ],
  ] as const)('%o → %o (%s)', (day, expected, _reason) => {
    expect(pairDay(day, plan)).toMatchObject(expected);
  });

  it('never carries negative BV and never pays above the cap (random days)', () => {
    const random = createRandom(7);
    for (let i = 0; i < 2000; i++) {
      const day = {
        carriedLeft: random.int(0, 100),
        carriedRight: random.int(0, 100),
        newLeft: random.int(0, 80),
        newRight: random.int(0, 80),
        rank: random.pick(RANKS),
        active: random.chance(0.8),
      };
      const r = pairDay(day, plan);
      expect(r.carryLeft).toBeGreaterThanOrEqual(0);
      expect(r.carryRight).toBeGreaterThanOrEqual(0);
      expect(r.paidPairs).toBeLessThanOrEqual(plan.dailyPairCap[day.rank]);
      // BV is conserved: what came in is matched (paid or flushed) or carried.
      expect(r.carryLeft + r.pairs).toBe(day.carriedLeft + day.newLeft);
      expect(r.carryRight + r.pairs).toBe(day.carriedRight + day.newRight);
      expect(r.bonus).toBe(r.paidPairs * plan.pairPerBv);
    }
  });

  it.each([
    ['2026-01-01', [], '2026-03-02', 'join + 60 days'],
    ['2026-01-01', ['2026-01-10'], '2026-04-01', 'an early RO extends from the current expiry'],
    ['2026-01-01', ['2026-05-01'], '2026-05-31', 'a late RO extends from its own date'],
  ])('pairing from %s with ROs %j expires %s (%s)', (join, ros, expected) => {
    expect(pairingExpiry(join, ros, plan)).toBe(expected);
  });

  it.each([
    [99, 0],
    [100, 1],
    [999, 2],
    [1000, 3],
    [3000, 4],
  ])('annual pair-BV %i reaches level %i', (bv, level) => {
    expect(annualRank(bv, plan).level).toBe(level);
  });

  // The closing asks an upline's rank on the day only where it decides something (issue #24).
  const upline = (over: Partial<PairingUpline>): PairingUpline => ({
    id: 1,
    path: '0',
    posisi: 'BRONZE',
    tgl_join: '2026-11-01',
    sisa_bv_kiri: 0,
    sisa_bv_kanan: 0,
    hutang_bv_kiri: 0,
    hutang_bv_kanan: 0,
    tanggal_expired: '2026-12-31',
    volume: { left: 0, right: 0 },
    ...over,
  });
  it.each([
    [upline({ volume: { left: 100, right: 0 } }), false, 'new volume on one side only'],
    [upline({ sisa_bv_kanan: 50, volume: { left: 100, right: 0 } }), true, 'carried BV on the other side makes a pair'],
    [upline({ hutang_bv_kiri: 100, sisa_bv_kanan: 50, volume: { left: 100, right: 0 } }), false, 'the new BV only repays what is owed'],
    [
      upline({ tanggal_expired: '2026-11-25', volume: { left: 100, right: 100 } }),
      false,
      'pairing expired: no pair is paid whatever the rank',
    ],
    [
      upline({ tanggal_expired: null, tgl_join: '2026-10-01', volume: { left: 100, right: 100 } }),
      true,
      'before the first closing: join + 60 days',
    ],
  ])('makesPairs on 2026-11-26: %j → %s (%s)', (u, expected) => {
    expect(makesPairs('2026-11-26', u, plan)).toBe(expected);
  });
});

describe('PPh 21 (INTEGRATIONS.md, COMP_PLAN.md)', () => {
  it.each([
    [60_000_000, 3_000_000, 'top of the 5% bracket'],
    [60_000_001, 3_000_000, 'one rupiah into 15% (rounded down)'],
    [250_000_000, 31_500_000, 'top of 15%'],
    [500_000_000, 94_000_000, 'top of 25%'],
    [5_000_000_000, 1_444_000_000, 'top of 30%'],
    [6_000_000_000, 1_794_000_000, 'into 35%'],
  ])('Pasal 17 on %i is %i (%s)', (base, tax) => {
    expect(pasal17(base)).toBe(tax);
  });

  it('the worked example: 100 jt then 40 jt in one month, with and without NPWP', () => {
    expect(withholdIncrement(0, 100_000_000, true).pph).toBe(2_500_000);
    expect(withholdIncrement(100_000_000, 40_000_000, true).pph).toBe(2_000_000);
    expect(withholdIncrement(0, 100_000_000, false).pph).toBe(3_000_000);
    expect(withholdIncrement(100_000_000, 40_000_000, false).pph).toBe(2_400_000);
  });

  it('incremental withholding adds up to the tax on the month (no rupiah lost or made)', () => {
    const random = createRandom(11);
    let gross = 0;
    let withheld = 0;
    for (let i = 0; i < 300; i++) {
      const row = random.int(1, 5_000_000);
      const { pph, net } = withholdIncrement(gross, row, i % 2 === 0);
      expect(net + pph).toBe(row);
      gross += row;
      withheld += pph;
    }
    expect(withheld).toBeGreaterThan(0);
    expect(taxOnGross(gross, true)).toBeLessThanOrEqual(taxOnGross(gross, false));
  });
});

describe('payout', () => {
  it.each([
    [[40_000, 20_000], true, { ok: true, total_bonus: 60_000, admin_fee: 6_500, nominal: 53_500 }],
    [[50_000], true, { ok: false, message: 'Nominal penarikan minimal Rp 50.000 setelah biaya admin' }],
    [[500_000], false, { ok: false, message: PAYOUT_MESSAGES.unverified }],
    [[], true, { ok: false, message: PAYOUT_MESSAGES.empty }],
  ] as const)('%j with bank verified %s', (bonuses, verified, expected) => {
    expect(planPayout([...bonuses], verified, plan)).toEqual(expected);
  });
});
