import { rupiah } from '../money-format';

/**
 * Money of the payment step (spec/001 §9). Every amount is integer rupiah; rates are percents
 * that may carry decimals (e.g. 2.9 or 0.7). Rounding up happens once, on the final amount, after
 * removing floating-point noise (1000.0000000002 must not become 1001).
 */
const ceilRupiah = (value: number): number => Math.ceil(Math.round(value * 1e6) / 1e6);

export interface PaymentMethodFee {
  name: string;
  fix_charge: number;
  float_charge: number;
  ppn: number;
}

/**
 * The payment fee ('Biaya Jasa Aplikasi') on `baseTotal` (items + shipping + insurance − discount).
 * credit_card: ((total + fixed × (1 + ppn/100)) / (1 − float/100)) − total, rounded up;
 * others: (total × float/100 + fixed) × (1 + ppn/100), rounded up.
 */
export function paymentFee(method: PaymentMethodFee, baseTotal: number): number {
  const vat = 1 + method.ppn / 100;
  if (method.name === 'credit_card') {
    return ceilRupiah((baseTotal + method.fix_charge * vat) / (1 - method.float_charge / 100) - baseTotal);
  }
  return ceilRupiah(((baseTotal * method.float_charge) / 100 + method.fix_charge) * vat);
}

export interface CourierInsurance {
  asuransi_fix: number;
  asuransi_persen: number;
}

/** Insurance cost = item total × percent/100 + fixed amount, rounded up to the rupiah. */
export function insuranceCost(itemsTotal: number, courier: CourierInsurance): number {
  return ceilRupiah((itemsTotal * courier.asuransi_persen) / 100 + courier.asuransi_fix);
}

export interface OrderAmounts {
  itemsTotal: number;
  ongkir: number;
  asuransi: number;
  /** Shipping discount (the subsidy), never more than the shipping cost. */
  diskon: number;
  fee: number;
}

/** The fee's base: what the member pays before the payment fee. */
export const feeBase = (a: Omit<OrderAmounts, 'fee'>): number => a.itemsTotal + a.ongkir + a.asuransi - a.diskon;

/** Total payment = items + shipping + insurance + payment fee − shipping discount. */
export function orderTotals(a: OrderAmounts): OrderAmounts & { total: number } {
  return { ...a, total: a.itemsTotal + a.ongkir + a.asuransi + a.fee - a.diskon };
}

export interface TaxLine {
  qty: number;
  harga: number;
  dpp: number;
}

/** The tax block: tax base Σ qty × dpp, and PPN = price total − tax base. */
export function taxBlock(lines: TaxLine[]): { total_harga: number; total_dpp: number; total_ppn: number } {
  const totalHarga = lines.reduce((sum, l) => sum + l.qty * l.harga, 0);
  const totalDpp = lines.reduce((sum, l) => sum + l.qty * l.dpp, 0);
  return { total_harga: totalHarga, total_dpp: totalDpp, total_ppn: totalHarga - totalDpp };
}

/**
 * A product's PPN rate as it is applied: from 2025 (PMK 131/2024) 12% on a tax base of 11/12 of
 * the selling price for ordinary goods, so a product marked 12% carries an effective 11%.
 */
export const effectivePpnPercent = (persenPpn: number): number => (persenPpn === 12 ? 11 : persenPpn);

/** The tax base (dpp) a price including PPN carries: harga / (1 + effective rate), to the rupiah. */
export const dppFor = (harga: number, persenPpn: number): number => Math.round((harga * 100) / (100 + effectivePpnPercent(persenPpn)));

/** A product's PPN: the price less its tax base (the order's tax block sums exactly this). */
export const ppnOf = (price: { harga: number; dpp: number }): number => price.harga - price.dpp;

/** Why a price cannot be stored, or null: PPN (harga − dpp) never negative, dpp the rate's own (±Rp 1). */
export function priceProblem(price: { harga: number; dpp: number; persen_ppn: number }): string | null {
  if (price.dpp > price.harga) return 'DPP tidak boleh lebih besar dari harga (PPN = harga − DPP)';
  const expected = dppFor(price.harga, price.persen_ppn);
  if (Math.abs(price.dpp - expected) > 1)
    return `DPP tidak sesuai harga dan PPN ${price.persen_ppn}%: seharusnya ${rupiah(expected)} (kosongkan DPP agar dihitung otomatis)`;
  return null;
}
