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
  confirmTitle: 'Konfirmasi',
  notFound: 'Promo tidak ditemukan',
  notEnough: 'BV/Omset belum mencukupi untuk klaim promo ini',
  cannotClaim: 'Promo ini tidak dapat diklaim saat ini',
  goldNote:
    'Karena harga emas melebihi Rp 1.400.000 per gram, reward dibayarkan dalam bentuk transfer tunai ke rekening yang terdaftar setelah dipotong pajak penghasilan.',
} as const;

/** 'Anda Yakin Akan Claim 1x Promo {nama}?' (the confirmation modal). */
export const confirmText = (nama: string): string => `Anda Yakin Akan Claim 1x Promo ${nama}?`;

const RANK_ORDER = { BRONZE: 1, SILVER: 2, PLATINUM: 3 } as const;
type Rank = keyof typeof RANK_ORDER;

/** Qualification (is_qualified): the member's rank is at least the promo's min_posisi. */
export function isQualified(posisi: Rank, minPosisi: Rank): boolean {
  return RANK_ORDER[posisi] >= RANK_ORDER[minPosisi];
}

/**
 * member_bisa_klaim: qualified, not suspended, the promo published, and today (YYYY-MM-DD,
 * Asia/Jakarta) between the start of the period and the claim deadline (batas_klaim).
 */
export function memberBisaKlaim(p: {
  qualified: boolean;
  suspended: boolean;
  status: number;
  periodeAwal: string;
  batasKlaim: string;
  today: string;
}): boolean {
  return p.qualified && !p.suspended && p.status === 1 && p.periodeAwal <= p.today && p.today <= p.batasKlaim;
}

/** periode_status: active while today is inside the period, deactive after it. */
export function periodeStatus(periodeAkhir: string, today: string): 'active' | 'deactive' {
  return today <= periodeAkhir ? 'active' : 'deactive';
}

/**
 * The dashboard list's label (spec/001 §4): 'Sudah Ambil' for a claimed promo without multiples,
 * claimable when total_get_promo > 0 (and not yet claimed without multiples), else 'Belum Mencapai'.
 */
export function dashboardState(p: {
  totalGetPromo: number;
  totalClaimed: number;
  kelipatan: boolean;
}): 'sudah-ambil' | 'claimable' | 'belum-mencapai' {
  if (!p.kelipatan && p.totalClaimed > 0) return 'sudah-ambil';
  return p.totalGetPromo > 0 ? 'claimable' : 'belum-mencapai';
}

/** A promo's name containing GOLD shows the cash-transfer note (spec/001 §2, §9). */
export const isGoldPromo = (nama: string): boolean => nama.toUpperCase().includes('GOLD');

/** Jenis order labels of the detail table and the claim rows. */
export const JENIS_ORDER_LABEL = { reg: 'Registrasi', upg: 'Upgrade', ro: 'Repeat Order' } as const;
export const JENIS_ORDER_SHORT = { reg: 'REG', upg: 'UPG', ro: 'RO' } as const;
