import { addDays } from '../../../lib/calendar';

export interface AnnualPeriod {
  start: string;
  end: string;
}

const nextYear = (d: string) => `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`;
const dayAfter = (d: string) => addDays(d, 1);

/** The annual periods starting on or before `until`: the first from the settings, each next one from the day after, a year long. */
export function annualPeriodsUntil(first: AnnualPeriod, until: string): AnnualPeriod[] {
  const periods: AnnualPeriod[] = [];
  for (
    let p: AnnualPeriod = { start: first.start, end: first.end };
    p.start <= until && periods.length < 50;
    p = { start: dayAfter(p.end), end: nextYear(p.end) }
  ) {
    periods.push(p);
  }
  return periods;
}

/** The annual period whose last day is `tanggal`, if any: its closing pays the annual pairing award. */
export function annualPeriodEndingOn(first: AnnualPeriod, tanggal: string): AnnualPeriod | undefined {
  return annualPeriodsUntil(first, tanggal).find((p) => p.end === tanggal);
}
