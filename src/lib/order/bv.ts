import { RANK_BV, RANKS, type Rank } from '../rank';

/** The order types of the stepper (spec/001 §3 Order form `jenis`). */
export const ORDER_JENIS = ['registrasi', 'upgrade', 'repeat-order'] as const;
export type OrderJenis = (typeof ORDER_JENIS)[number];

export const isOrderJenis = (value: unknown): value is OrderJenis => (ORDER_JENIS as readonly unknown[]).includes(value);

/** The database's jenis_order of each stepper type. */
export const JENIS_ORDER: Record<OrderJenis, 'reg' | 'upg' | 'ro'> = { registrasi: 'reg', upgrade: 'upg', 'repeat-order': 'ro' };

/** The create call's type flags (spec/001 §7: join_member, upgrade_member, is_ro). */
export function jenisFlags(jenis: OrderJenis): { join_member: boolean; upgrade_member: boolean; is_ro: boolean } {
  return { join_member: jenis === 'registrasi', upgrade_member: jenis === 'upgrade', is_ro: jenis === 'repeat-order' };
}

/** The order type named by the create call's flags, or undefined when they contradict. */
export function jenisFromFlags(flags: { join_member?: boolean; upgrade_member?: boolean; is_ro?: boolean }): OrderJenis | undefined {
  const set = [flags.join_member && 'registrasi', flags.upgrade_member && 'upgrade', flags.is_ro && 'repeat-order'].filter(Boolean);
  return set.length === 1 ? (set[0] as OrderJenis) : undefined;
}

export interface BvContext {
  /** The prospective member's tier (registration only). */
  tier?: Rank | null;
  /** The signed-in member's rank today (upgrade). */
  currentPosisi: Rank;
  /** Minimum BV per tier for registration (the product list's setting). */
  minBv?: Partial<Record<Rank, number>>;
}

/**
 * The most BV one order may hold (spec/001 §5, §9): registration up to the chosen tier's BV
 * (BRONZE 1, SILVER 2, PLATINUM 4), upgrade 3 from BRONZE and 2 from SILVER (enough to reach
 * PLATINUM), repeat orders without a cap (null). PLATINUM cannot upgrade: cap 0.
 */
export function bvCap(jenis: OrderJenis, ctx: BvContext): number | null {
  if (jenis === 'repeat-order') return null;
  if (jenis === 'registrasi') return ctx.tier ? RANK_BV[ctx.tier] : 0;
  return RANK_BV.PLATINUM - RANK_BV[ctx.currentPosisi];
}

/** The rank an upgrade of `totalBv` reaches, or null when no rank has that BV. */
export function upgradeTarget(currentPosisi: Rank, totalBv: number): Rank | null {
  const bv = RANK_BV[currentPosisi] + totalBv;
  return RANKS.find((rank) => RANK_BV[rank] === bv && RANK_BV[rank] > RANK_BV[currentPosisi]) ?? null;
}

/** The hint of the item step for an upgrade to PLATINUM: PLATINUM minus SILVER BV. */
export const PLATINUM_UPGRADE_HINT_BV = RANK_BV.PLATINUM - RANK_BV.SILVER;

export const itemMessages = {
  empty: 'Anda harus memilih item terlebih dahulu',
  overCap: (cap: number) => `Total BV tidak boleh melebihi ${cap} BV`,
  underMin: (tier: Rank, min: number) => `Total BV minimal untuk tipe ${tier} adalah ${min} BV`,
  upgradeGap: (from: Rank, bv: number) => `Upgrade dari ${from} tidak bisa ${bv} BV: pilih paket yang mencapai peringkat berikutnya`,
  noTier: 'Pilih Tipe member ',
  platinum: 'Member PLATINUM tidak dapat melakukan upgrade',
} as const;

/**
 * Whether the item step may go on with `totalBv` in the cart (and `lines` items): the spec's
 * message when not, null when it may. The server checks the same at order creation.
 */
export function checkItemStep(jenis: OrderJenis, ctx: BvContext, totalBv: number, lines = totalBv > 0 ? 1 : 0): string | null {
  if (lines === 0) return itemMessages.empty;
  if (jenis === 'repeat-order') return null;
  if (jenis === 'registrasi') {
    if (!ctx.tier) return itemMessages.noTier;
    const cap = RANK_BV[ctx.tier];
    if (totalBv > cap) return itemMessages.overCap(cap);
    const min = ctx.minBv?.[ctx.tier] ?? 0;
    if (totalBv < min) return itemMessages.underMin(ctx.tier, min);
    return null;
  }
  if (ctx.currentPosisi === 'PLATINUM') return itemMessages.platinum;
  const cap = bvCap('upgrade', ctx) ?? 0;
  if (totalBv > cap) return itemMessages.overCap(cap);
  // BRONZE + 2 BV and SILVER + 1 BV land on 3 BV, which is no rank.
  if (!upgradeTarget(ctx.currentPosisi, totalBv)) return itemMessages.upgradeGap(ctx.currentPosisi, totalBv);
  return null;
}

/** Whether one more of a product worth `value` BV still fits under the cap (the + button). */
export function canAddBv(cap: number | null, totalBv: number, value: number): boolean {
  return cap === null || totalBv + value <= cap;
}
