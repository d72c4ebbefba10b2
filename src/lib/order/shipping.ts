import type { CourierInsurance } from './fees';

export interface ShippingService {
  code: string;
  name: string;
  service: string;
  description: string;
  /** Estimated days as the provider writes them: "2-3", "1", "3 HARI". */
  etd: string;
  cost: number;
}

export interface CourierConfig extends CourierInsurance {
  kode: string;
  nama: string;
  wajib_asuransi: boolean;
}

export interface SubsidyTier {
  bv: number;
  value: number;
}

export interface Subsidy {
  id: number;
  jenis: 'PERSENTASE' | 'NOMINAL';
  tiers: SubsidyTier[];
}

/**
 * The days an etd text may take, read as its upper bound ("1-2" → 2, "1 HARI" → 1): a "1-2"
 * service is not a next-day one. Infinity when the text has no number.
 */
export function etdDays(etd: string): number {
  const numbers = etd.match(/\d+/g);
  return numbers ? Number(numbers[numbers.length - 1]) : Infinity;
}

/** The one word for the suggested service, on the stepper's delivery step and on Cek Ongkir. */
export const SUGGESTED_LABEL = 'Disarankan';

/**
 * The suggested service (spec/001 §9): among options whose estimate is above 1 day, the
 * fastest, then the cheapest. Same-day and next-day services are never suggested.
 */
export function suggestService<T extends ShippingService>(options: T[]): T | undefined {
  return options
    .filter((o) => etdDays(o.etd) > 1 && Number.isFinite(etdDays(o.etd)))
    .sort((a, b) => etdDays(a.etd) - etdDays(b.etd) || a.cost - b.cost)[0];
}

/**
 * The subsidy on one service (spec/001 §9): the highest tier whose bv is at most the order's BV;
 * a percentage is a share of the tax base (dpp) rounded down to thousands; capped at the cost.
 */
export function shippingSubsidy(subsidi: Subsidy | null | undefined, order: { bv: number; dpp: number; cost: number }): number {
  if (!subsidi) return 0;
  const tier = subsidi.tiers.filter((t) => t.bv <= order.bv).sort((a, b) => b.bv - a.bv)[0];
  if (!tier) return 0;
  const amount = subsidi.jenis === 'PERSENTASE' ? Math.floor((order.dpp * tier.value) / 100 / 1000) * 1000 : tier.value;
  return Math.max(0, Math.min(amount, order.cost));
}

export const insuranceMessages = {
  none: (nama: string) => `Tidak ada opsi asuransi untuk ekpedisi ${nama}`,
} as const;

/**
 * The insurance switch of a courier (spec/001 §5): offered only with a fixed or percent
 * insurance, forced on (and disabled) when mandatory.
 */
export function insuranceRule(courier: CourierConfig | undefined): { offered: boolean; forced: boolean; message: string | null } {
  if (!courier) return { offered: false, forced: false, message: null };
  const offered = courier.asuransi_fix > 0 || courier.asuransi_persen > 0;
  if (!offered) return { offered: false, forced: false, message: insuranceMessages.none(courier.nama) };
  return { offered: true, forced: courier.wajib_asuransi, message: null };
}

/** Whether the member's insurance choice stands: forced couriers always insure, others only if offered. */
export function effectiveInsurance(courier: CourierConfig | undefined, chosen: boolean): boolean {
  const rule = insuranceRule(courier);
  return rule.forced || (rule.offered && chosen);
}

/** The courier code of an ekspedisi value "jne|REG" (spec/001 §7: the part before the pipe). */
export const courierCode = (ekspedisi: string): string => ekspedisi.split('|')[0] ?? '';
