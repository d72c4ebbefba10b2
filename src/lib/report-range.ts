import { addDays, jakartaDate, jakartaMonth, monthStart } from './calendar';
import { parseMonth } from './calendar-params';
import { DateRangeSchema, rangeMessages } from './schemas/date-range';

export type RangeDefault = 'last30' | 'monthToDate';

/**
 * The date range of a report page from its query (spec/000 §9 defaults: last 30 days, or the
 * first of the month to today); an invalid range falls back to the default with its message.
 */
export function reportRange(url: URL, fallback: RangeDefault): { from: string; to: string; error?: string } {
  const defaults = defaultRange(fallback);
  const parsed = DateRangeSchema.safeParse({
    from: url.searchParams.get('from') ?? defaults.from,
    to: url.searchParams.get('to') ?? defaults.to,
  });
  return parsed.success ? parsed.data : { ...defaults, error: parsed.error.issues[0]?.message };
}

/** The default range ending today in Jakarta (between 17:00 and 24:00 UTC the server's date is a day behind). */
export function defaultRange(fallback: RangeDefault): { from: string; to: string } {
  const to = jakartaDate();
  return { from: fallback === 'last30' ? addDays(to, -30) : monthStart(to), to };
}

/**
 * The month range of the monthly bonus report (`?from=YYYY-MM&to=YYYY-MM`, spec/000 §9: from this
 * month): an impossible month (2026-13) falls back to this month with the range message, like
 * the date ranges; ends given the wrong way round are swapped and flagged.
 */
export function reportMonthRange(url: URL): { from: string; to: string; swapped: boolean; error?: string } {
  const thisMonth = jakartaMonth();
  const asked = [url.searchParams.get('from'), url.searchParams.get('to')];
  const [from, to] = asked.map((m) => (m === null ? thisMonth : parseMonth(m)));
  if (from === undefined || to === undefined) return { from: thisMonth, to: thisMonth, swapped: false, error: rangeMessages.both };
  return from <= to ? { from, to, swapped: false } : { from: to, to: from, swapped: true };
}
