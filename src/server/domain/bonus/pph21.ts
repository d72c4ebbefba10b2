/**
 * PPh 21 for MLM distributors who are not employees (INTEGRATIONS.md): tax base (DPP) 50% of
 * gross, Pasal 17 brackets, 20% higher without an NPWP. Amounts in whole rupiah.
 */
export const PASAL17_BRACKETS: readonly { upTo: number; rate: number }[] = [
  { upTo: 60_000_000, rate: 5 },
  { upTo: 250_000_000, rate: 15 },
  { upTo: 500_000_000, rate: 25 },
  { upTo: 5_000_000_000, rate: 30 },
  { upTo: Number.POSITIVE_INFINITY, rate: 35 },
];

/** Pasal 17 tax on a base, bracket by bracket, rounded down to whole rupiah. */
export function pasal17(base: number, brackets = PASAL17_BRACKETS): number {
  let tax = 0;
  let lower = 0;
  for (const { upTo, rate } of brackets) {
    if (base <= lower) break;
    tax += ((Math.min(base, upTo) - lower) * rate) / 100;
    lower = upTo;
  }
  return Math.floor(tax);
}

/** Tax on a cumulative gross (the month's so far, by default): 50% DPP, +20% without NPWP. */
export function taxOnGross(gross: number, hasNpwp: boolean): number {
  const tax = pasal17(Math.floor(gross / 2));
  return hasNpwp ? tax : Math.floor((tax * 120) / 100);
}

/**
 * The withholding of one bonus row, withheld incrementally: tax on the period's gross including
 * this row minus what the period's earlier rows already withheld.
 */
export function withholdIncrement(grossBefore: number, grossRow: number, hasNpwp: boolean): { dpp: number; pph: number; net: number } {
  const pph = taxOnGross(grossBefore + grossRow, hasNpwp) - taxOnGross(grossBefore, hasNpwp);
  return { dpp: Math.floor((grossBefore + grossRow) / 2) - Math.floor(grossBefore / 2), pph, net: grossRow - pph };
}

/**
 * The statutory rate of a payment (the BP21's "Tarif"): the Pasal 17 rate of the bracket its
 * tax base reaches, 120% of it without an NPWP ("6" for 5%).
 */
export function statutoryRate(dpp: number, hasNpwp: boolean, brackets = PASAL17_BRACKETS): string {
  const rate = (brackets.find((b) => dpp <= b.upTo) ?? brackets.at(-1)!).rate;
  return String(hasNpwp ? rate : (rate * 120) / 100);
}
