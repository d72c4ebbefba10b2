import { describe, expect, it } from 'vitest';
import { canClaim, claimableTimes, poinToBv, remainderTowardNext } from '../../src/lib/promo-claim';

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
