/**
 * Reward-promo claim arithmetic (spec/001 §4, Promo claim), shared by the promo page and the
 * claim service: claimable times = floor(unclaimed total / threshold), the remainder counts
 * toward the next claim, and without multiples a promo is claimed at most once.
 */
export interface PromoState {
  /** Unclaimed points (syarat_poin promos) or rupiah (syarat_nominal promos). */
  unclaimed: number;
  threshold: number;
  kelipatan: boolean;
  claimsSoFar: number;
  memberBisaKlaim: boolean;
}

export function claimableTimes(state: PromoState): number {
  if (state.threshold <= 0 || state.unclaimed <= 0) return 0;
  const times = Math.floor(state.unclaimed / state.threshold);
  return state.kelipatan ? times : Math.min(times, state.claimsSoFar > 0 ? 0 : 1);
}

/** What still has to be collected for the next claim. */
export function remainderTowardNext(state: PromoState): number {
  if (state.threshold <= 0) return 0;
  return state.threshold - (state.unclaimed % state.threshold);
}

/** The Claim button shows only when the member may claim, something is claimable, and multiples or no claim yet. */
export function canClaim(state: PromoState): boolean {
  return state.memberBisaKlaim && claimableTimes(state) > 0 && (state.kelipatan || state.claimsSoFar === 0);
}

/** Displayed BV in promo lists is points × 4 (spec/001 §9). */
export const poinToBv = (poin: number): number => poin * 4;

export const PROMO_MESSAGES = {
  noPromo: 'Silakan Pilih Promo',
  notQualified: 'Anda tidak memenuhi kualifikasi untuk promo ini',
  alreadyClaimed: 'Promo telah diklaim, tidak berlaku kelipatan',
  claimed: 'claim berhasil',
  noneClaimed: '0 berhasil diklaim',
  noClaim: 'belum ada klaim',
  sudahAmbil: 'Sudah Ambil',
  belumMencapai: 'Belum Mencapai',
} as const;
