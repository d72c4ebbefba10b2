import { addDays } from '../../../lib/calendar';
import type { Rank } from '../../../lib/rank';
import type { BonusEarning } from './earnings';
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

/** An upline with new volume, as the closing loaded it: the day's new BV per side, its rank on the day and its pairing counters. */
export interface PairingUpline {
  id: number;
  path: string;
  /**
   * The rank in effect on the closing's day (rank at the event): it decides the cap, so it is
   * needed only where a pair is made (`makesPairs`); the closing loads it for those uplines alone.
   */
  posisi: Rank;
  tgl_join: string;
  sisa_bv_kiri: number | null;
  sisa_bv_kanan: number | null;
  hutang_bv_kiri: number | null;
  hutang_bv_kanan: number | null;
  /** null before the member's first closing: the clock starts at join + pairingDaysAtJoin. */
  tanggal_expired: string | null;
  /** The day's new BV from the registrations and upgrades below it, by side. */
  volume: { left: number; right: number };
}

/** What one upline's pairing day leaves in its counters (added to the running totals by the store). */
export interface PairingCounters {
  memberId: number;
  carryLeft: number;
  carryRight: number;
  expiry: string;
  paidPairs: number;
  newLeft: number;
  newRight: number;
  owedLeft: number;
  owedRight: number;
}

/** An upline's pairing day as pairDay takes it, with its clock's end (join + pairingDaysAtJoin before its first closing). */
function pairingDayOf(tanggal: string, u: PairingUpline, plan: BonusPlan): { expiry: string; day: PairingDay } {
  const expiry = u.tanggal_expired ?? addDays(u.tgl_join, plan.pairingDaysAtJoin);
  return {
    expiry,
    day: {
      carriedLeft: u.sisa_bv_kiri ?? 0,
      carriedRight: u.sisa_bv_kanan ?? 0,
      newLeft: u.volume.left,
      newRight: u.volume.right,
      rank: u.posisi,
      active: expiry >= tanggal,
      owedLeft: u.hutang_bv_kiri ?? 0,
      owedRight: u.hutang_bv_kanan ?? 0,
    },
  };
}

/**
 * Whether the upline makes a pair on the day while active: the only case its rank on the day
 * decides anything (the cap of paid pairs, the PAIR row's detail). Pairs do not depend on the rank.
 */
export function makesPairs(tanggal: string, u: PairingUpline, plan: BonusPlan): boolean {
  const { day } = pairingDayOf(tanggal, u, plan);
  return day.active && pairDay(day, plan).pairs > 0;
}

/**
 * The day's pairing of every upline with new volume (COMP_PLAN.md): each pairs on its own
 * counters (pairDay), active while its expiry is not before the day; a PAIR bonus for paid pairs.
 */
export function pairUplines(
  tanggal: string,
  uplines: readonly PairingUpline[],
  plan: BonusPlan,
): { counters: PairingCounters[]; earnings: BonusEarning[] } {
  const counters: PairingCounters[] = [];
  const earnings: BonusEarning[] = [];
  for (const u of uplines) {
    const v = u.volume;
    const { expiry, day } = pairingDayOf(tanggal, u, plan);
    const result = pairDay(day, plan);
    counters.push({
      memberId: u.id,
      carryLeft: result.carryLeft,
      carryRight: result.carryRight,
      expiry,
      paidPairs: result.paidPairs,
      newLeft: v.left,
      newRight: v.right,
      owedLeft: result.owedLeft,
      owedRight: result.owedRight,
    });
    if (result.paidPairs > 0) {
      earnings.push({
        memberId: u.id,
        type: 'PAIR',
        amount: result.bonus,
        detail: {
          posisi: u.posisi,
          jumlah_increment_pair_bv: result.pairs,
          bonus_pair_details: [
            { jumlah_pair_dibayar: result.paidPairs, max_pair_dibayar: plan.dailyPairCap[u.posisi], bonus_per_pair: plan.pairPerBv },
          ],
        },
      });
    }
  }
  return { counters, earnings };
}

/**
 * The annual pairing award (COMP_PLAN.md): on an annual period's last day each member earns the
 * award of the highest level their period's pair-BV reached, once.
 */
export function annualAwards(
  period: { start: string; end: string },
  pairBv: readonly { memberId: number; pairBv: number }[],
  plan: BonusPlan,
): BonusEarning[] {
  return pairBv.flatMap(({ memberId, pairBv: pairs }) => {
    const award = annualRank(pairs, plan);
    if (award.nilai_bonus <= 0) return [];
    return [
      {
        memberId,
        type: 'ANNUAL' as const,
        amount: award.nilai_bonus,
        detail: { periode: period, jumlah_pair_bv: pairs, level: award.level, nilai_bonus: award.nilai_bonus },
      },
    ];
  });
}
