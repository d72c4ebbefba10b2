import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * The one parser of month and date parameters of every page and endpoint (query strings, forms,
 * the spec's JSON filters; zod schemas wrap it in src/lib/schemas/date-range.ts): a real calendar
 * day or month (no month 13, no 30 February) from 1900 on (year 0000 passes an ISO pattern but not
 * PostgreSQL, and nothing the portal reports lies before 1900). Anything else reads as undefined
 * and the caller applies its default range or its Indonesian message, never a 500.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 9999;

const strict = (value: unknown, format: string, pattern: RegExp): string | undefined => {
  if (typeof value !== 'string' || !pattern.test(value)) return undefined;
  const parsed = dayjs(value, format, true);
  return parsed.isValid() && parsed.year() >= FIRST_YEAR && parsed.format(format) === value ? value : undefined;
};

/** A calendar date `YYYY-MM-DD`, or undefined. */
export const parseDate = (value: unknown): string | undefined => strict(value, 'YYYY-MM-DD', /^\d{4}-\d{2}-\d{2}$/);

/** A calendar month `YYYY-MM`, or undefined. */
export const parseMonth = (value: unknown): string | undefined => strict(value, 'YYYY-MM', /^\d{4}-\d{2}$/);

/** A year (four digits, as text or number) from `min` to `max`, or undefined. */
export function parseYear(value: unknown, min = FIRST_YEAR, max = LAST_YEAR): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return year >= min && year <= max ? year : undefined;
}

/** A month number 1–12 (`3`, `03` or a number), or undefined. */
export function parseMonthNumber(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^(0?[1-9]|1[0-2])$/.test(text) ? Number(text) : undefined;
}

/** A month's English-locale display name as the reports print it ('March 2026'); the month must be valid. */
export const monthLabel = (month: string): string => dayjs(`${month}-01`).format('MMMM YYYY');
