import type { EarnedRow } from './earnings';
import type { BonusPlan } from './plan';
import { withholdIncrement } from './pph21';

/** The first day of the withholding period holding `tanggal`: the tax month, or the calendar year. */
export function withholdingPeriodStart(tanggal: string, plan: BonusPlan): string {
  return plan.pphBasis === 'year' ? `${tanggal.slice(0, 4)}-01-01` : `${tanggal.slice(0, 8)}01`;
}

/**
 * Withholding (INTEGRATIONS.md) of the day's rows: per payment (default) each row is taxed on its
 * own gross; per month or per year each row takes the tax on the period's gross so far
 * (`grossBefore`, then the member's earlier rows of the day) minus what was already withheld.
 * The tax status is the one in effect on the day (`npwp`; missing: without NPWP).
 */
export function withholdRows(
  rows: readonly EarnedRow[],
  plan: BonusPlan,
  npwp: ReadonlyMap<number, boolean>,
  grossBefore: ReadonlyMap<number, number>,
): (EarnedRow & { pph: number; net: number })[] {
  const periodGross = new Map(grossBefore);
  return rows.map((row) => {
    const gross = plan.pphBasis === 'payment' ? 0 : (periodGross.get(row.memberId) ?? 0);
    const { pph, net } = withholdIncrement(gross, row.bruto, npwp.get(row.memberId) ?? false);
    periodGross.set(row.memberId, gross + row.bruto);
    return { ...row, pph, net };
  });
}
