import type { Rank } from '../../../lib/rank';

/**
 * The default compensation plan (COMP_PLAN.md). Every number is a setting an operator can
 * change; the engine receives the plan as an argument and never reads a literal.
 */
export interface BonusPlan {
  sponsorPerBv: number;
  passupPerBv: number;
  pairPerBv: number;
  roPerBv: Record<Rank, number>;
  roSponsorPerBv: number;
  dailyPairCap: Record<Rank, number>;
  pairingDaysAtJoin: number;
  pairingDaysPerRo: number;
  /** A repeat order keeps pairing active only with at least this much BV (ro_active_min_bv). */
  roActiveMinBv: number;
  adminFee: number;
  minimumPayout: number;
  annualRanks: { level: number; minimal_pair: number; nilai_bonus: number }[];
  /**
   * Withholding base (INTEGRATIONS.md): each bonus row on its own gross (default, 'payment'), or
   * withheld incrementally on the tax month's or the calendar year's gross so far.
   */
  pphBasis: 'payment' | 'month' | 'year';
}

export const defaultPlan: BonusPlan = {
  sponsorPerBv: 100_000,
  passupPerBv: 25_000,
  pairPerBv: 50_000,
  roPerBv: { BRONZE: 10_000, SILVER: 15_000, PLATINUM: 20_000 },
  roSponsorPerBv: 5_000,
  dailyPairCap: { BRONZE: 12, SILVER: 24, PLATINUM: 48 },
  pairingDaysAtJoin: 60,
  pairingDaysPerRo: 30,
  roActiveMinBv: 1,
  adminFee: 6_500,
  minimumPayout: 50_000,
  annualRanks: [
    { level: 1, minimal_pair: 100, nilai_bonus: 1_000_000 },
    { level: 2, minimal_pair: 300, nilai_bonus: 3_500_000 },
    { level: 3, minimal_pair: 1_000, nilai_bonus: 12_500_000 },
    { level: 4, minimal_pair: 3_000, nilai_bonus: 40_000_000 },
  ],
  pphBasis: 'payment',
};
