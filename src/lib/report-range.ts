import dayjs from 'dayjs';
import { DateRangeSchema } from './schemas/date-range';

export type RangeDefault = 'last30' | 'monthToDate';

/**
 * The date range of a report page from its query (spec/000 §9 defaults: last 30 days, or the
 * first of the month to today); an invalid range falls back to the default with its message.
 */
export function reportRange(url: URL, fallback: RangeDefault): { from: string; to: string; error?: string } {
  const defaults = {
    from: (fallback === 'last30' ? dayjs().subtract(30, 'day') : dayjs().startOf('month')).format('YYYY-MM-DD'),
    to: dayjs().format('YYYY-MM-DD'),
  };
  const parsed = DateRangeSchema.safeParse({ from: url.searchParams.get('from') ?? defaults.from, to: url.searchParams.get('to') ?? defaults.to });
  return parsed.success ? parsed.data : { ...defaults, error: parsed.error.issues[0]?.message };
}
