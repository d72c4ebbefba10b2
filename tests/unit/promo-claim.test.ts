import { describe, expect, it } from 'vitest';
import {
  canClaim,
  claimableTimes,
  confirmText,
  dashboardState,
  isGoldPromo,
  isQualified,
  memberBisaKlaim,
  periodeStatus,
  poinToBv,
  remainderTowardNext,
} from '../../src/lib/promo-claim';

const base = { unclaimed: 0, threshold: 10, kelipatan: true, claimsSoFar: 0, memberBisaKlaim: true };

describe('promo claim arithmetic (spec/001 §4)', () => {
  it.each([
    [{ unclaimed: 25 }, 2, 5, true, 'floor(25 / 10) with multiples'],
    [{ unclaimed: 9 }, 0, 1, false, 'below the threshold'],
    [{ unclaimed: 30, kelipatan: false }, 1, 10, true, 'without multiples at most one'],
    [{ unclaimed: 30, kelipatan: false, claimsSoFar: 1 }, 0, 10, false, 'without multiples, already claimed'],
    [{ unclaimed: 30, claimsSoFar: 2 }, 3, 10, true, 'multiples keep counting after claims'],
    [{ unclaimed: 30, memberBisaKlaim: false }, 3, 10, false, 'member_bisa_klaim 0 hides the button'],
    [{ unclaimed: 10, threshold: 0 }, 0, 0, false, 'a promo without a threshold'],
  ])('%o → %i claimable, %i toward next, button %s (%s)', (change, times, remainder, button, _reason) => {
    const state = { ...base, ...change };
    expect(claimableTimes(state)).toBe(times);
    expect(remainderTowardNext(state)).toBe(remainder);
    expect(canClaim(state)).toBe(button);
  });

  it('shows BV as points × 4', () => {
    expect(poinToBv(2.5)).toBe(10);
  });
});

describe('promo qualification and labels', () => {
  it.each([
    ['BRONZE', 'BRONZE', true, 'same rank'],
    ['SILVER', 'BRONZE', true, 'higher rank'],
    ['BRONZE', 'SILVER', false, 'lower rank'],
    ['SILVER', 'PLATINUM', false, 'PLATINUM-only promo'],
  ] as const)('%s for a %s promo → qualified %s (%s)', (posisi, min, expected, _reason) => {
    expect(isQualified(posisi, min)).toBe(expected);
  });

  const open = { qualified: true, suspended: false, status: 1, periodeAwal: '2026-01-01', batasKlaim: '2026-03-01', today: '2026-02-01' };
  it.each([
    [{}, true, 'inside the claim window'],
    [{ qualified: false }, false, 'not qualified'],
    [{ suspended: true }, false, 'suspended account'],
    [{ status: 0 }, false, 'unpublished promo'],
    [{ today: '2026-03-01' }, true, 'on the claim deadline'],
    [{ today: '2026-03-02' }, false, 'after the claim deadline'],
  ])('member_bisa_klaim %o → %s (%s)', (change, expected, _reason) => {
    expect(memberBisaKlaim({ ...open, ...change })).toBe(expected);
  });

  it.each([
    [{ totalGetPromo: 2, totalClaimed: 1, kelipatan: false }, 'sudah-ambil', 'claimed, no multiples'],
    [{ totalGetPromo: 2, totalClaimed: 1, kelipatan: true }, 'claimable', 'multiples keep it claimable'],
    [{ totalGetPromo: 1, totalClaimed: 0, kelipatan: false }, 'claimable', 'reached, not yet claimed'],
    [{ totalGetPromo: 0, totalClaimed: 0, kelipatan: true }, 'belum-mencapai', 'not reached'],
  ] as const)('dashboard %o → %s (%s)', (state, expected, _reason) => {
    expect(dashboardState(state)).toBe(expected);
  });

  it('derives periode_status from the end date and finds GOLD in the name', () => {
    expect(periodeStatus('2026-02-01', '2026-02-01')).toBe('active');
    expect(periodeStatus('2026-02-01', '2026-02-02')).toBe('deactive');
    expect(isGoldPromo('Reward Logam Mulia GOLD 1 Gram')).toBe(true);
    expect(isGoldPromo('Reward Smartphone')).toBe(false);
    expect(confirmText('Trip Bali')).toBe('Anda Yakin Akan Claim 1x Promo Trip Bali?');
  });
});
