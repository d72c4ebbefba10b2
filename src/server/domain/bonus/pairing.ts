import { addDays } from '../../../lib/calendar';
import type { Rank } from '../../../lib/rank';
import type { BonusPlan } from './plan';

export interface PairingDay {
  carriedLeft: number;
  carriedRight: number;
  newLeft: number;
  newRight: number;
  rank: Rank;
  /** false when the member's pairing has expired: the day's pairs are flushed, nothing is paid. */
  active: boolean;
  /** BV owed back per side (refunded orders already paired): new BV on that side pays it first. */
  owedLeft?: number;
  owedRight?: number;
}

export interface PairingResult {
  pairs: number;
  paidPairs: number;
  flushedPairs: number;
  bonus: number;
  carryLeft: number;
  carryRight: number;
  owedLeft: number;
  owedRight: number;
}

/**
 * One member's daily pairing (COMP_PLAN.md): pairs = min(left, right) of carried + new BV; paid
 * up to the rank's daily cap, the rest flushed; matched BV leaves both sides, the remainder carries.
 */
export function pairDay(day: PairingDay, plan: BonusPlan): PairingResult {
  const repaidLeft = Math.min(day.owedLeft ?? 0, day.newLeft);
  const repaidRight = Math.min(day.owedRight ?? 0, day.newRight);
  const left = day.carriedLeft + day.newLeft - repaidLeft;
  const right = day.carriedRight + day.newRight - repaidRight;
  const pairs = Math.min(left, right);
  const paidPairs = day.active ? Math.min(pairs, plan.dailyPairCap[day.rank]) : 0;
  return {
    pairs,
    paidPairs,
    flushedPairs: pairs - paidPairs,
    bonus: paidPairs * plan.pairPerBv,
    carryLeft: left - pairs,
    carryRight: right - pairs,
    owedLeft: (day.owedLeft ?? 0) - repaidLeft,
    owedRight: (day.owedRight ?? 0) - repaidRight,
  };
}

/** Pairing stays active until join + 60 days; each repeat order moves it to max(current, order date) + 30. */
export function pairingExpiry(joinDate: string, repeatOrderDates: string[], plan: BonusPlan): string {
  let expiry = addDays(joinDate, plan.pairingDaysAtJoin);
  for (const date of [...repeatOrderDates].sort()) {
    expiry = addDays(date > expiry ? date : expiry, plan.pairingDaysPerRo);
  }
  return expiry;
}

/** The annual rank reached by the pair-BV paid within the annual period (0 when none). */
export function annualRank(pairBv: number, plan: BonusPlan): { level: number; nilai_bonus: number } {
  const reached = plan.annualRanks.filter((r) => pairBv >= r.minimal_pair).at(-1);
  return reached ? { level: reached.level, nilai_bonus: reached.nilai_bonus } : { level: 0, nilai_bonus: 0 };
}
