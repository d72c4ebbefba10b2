import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one calendar of the portal: the business keeps Asia/Jakarta time (UTC+7, no daylight saving)
 * whatever the server's or phone's zone. Calendar days travel as "YYYY-MM-DD" and months as
 * "YYYY-MM" text; a moment becomes a day only here (jakartaDate), and day/month arithmetic on
 * that text is plain calendar arithmetic (no zone). Server code only: islands keep to small pure
 * helpers so dayjs's zone plugin stays out of their bundles.
 */
export const JAKARTA = 'Asia/Jakarta';
export const JAKARTA_OFFSET_MS = 7 * 3_600_000;

const DAY = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';

/** A calendar day or month as text, refusing what is not one (like Date#toISOString did). */
function calendarDay(value: string): dayjs.Dayjs {
  const text = value.length === 7 ? `${value}-01` : value;
  const day = dayjs.utc(text);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !day.isValid() || day.format(DAY) !== text)
    throw new RangeError(`Invalid calendar date: ${value}`);
  return day;
}

/** Since 1964 Jakarta has kept UTC+7 all year (tz database); earlier moments take the zone's history. */
const FIXED_OFFSET_FROM = Date.UTC(1964, 0, 1);
const FIXED_OFFSET_UNTIL = Date.UTC(9999, 0, 1);

/**
 * The Jakarta calendar date of a moment: "2026-11-22". Plain arithmetic on the fixed offset where
 * it holds: dayjs's zone plugin formats through Intl on every call, which the dashboard and the
 * reports paid for per row (issue #24).
 */
export function jakartaDate(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (ms >= FIXED_OFFSET_FROM && ms < FIXED_OFFSET_UNTIL) return new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
  return dayjs(at).tz(JAKARTA).format(DAY);
}

/** Today in Jakarta (or the Jakarta day of `now`). */
export const today = (now: Date | number = Date.now()): string => jakartaDate(now);

/** The Jakarta calendar month of a moment: "2026-11". */
export const jakartaMonth = (at: Date | number = Date.now()): string => jakartaDate(at).slice(0, 7);

/** A moment from a Jakarta wall-clock day and time: jakartaMoment('2026-11-22', '00:30') → 2026-11-21T17:30Z. */
export function jakartaMoment(date: string, time = '00:00'): Date {
  return dayjs.tz(`${date} ${time}`, JAKARTA).toDate();
}

/**
 * The UTC midnight of a calendar day "YYYY-MM-DD" of the years 1000–9999 that exists (no
 * 2026-02-30), else undefined: the plain-arithmetic path of addDays and addMonths, which the
 * dashboard runs a dozen times per request (issue #24). Anything else takes dayjs as before
 * (the same answer or the same RangeError).
 */
function plainDayMs(text: string): number | undefined {
  if (text.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7)) - 1;
  const day = Number(text.slice(8, 10));
  if (year < 1000) return undefined;
  const ms = Date.UTC(year, month, day);
  const back = new Date(ms);
  return back.getUTCMonth() === month && back.getUTCDate() === day ? ms : undefined;
}

/** "YYYY-MM-DD" of a UTC moment in the years 1000–9999, else undefined. */
function plainDayText(ms: number): string | undefined {
  const year = new Date(ms).getUTCFullYear();
  return year >= 1000 && year <= 9999 ? new Date(ms).toISOString().slice(0, 10) : undefined;
}

/** A calendar date `days` later (or earlier): addDays('2026-11-30', 1) → "2026-12-01". */
export function addDays(date: string, days: number): string {
  const ms = Number.isInteger(days) ? plainDayMs(date) : undefined;
  const plain = ms === undefined ? undefined : plainDayText(ms + days * 86_400_000);
  return plain ?? calendarDay(date).add(days, 'day').format(DAY);
}

/** A month `months` later (or earlier): addMonths('2026-12', 1) → "2027-01". */
export function addMonths(month: string, months: number): string {
  const ms = Number.isInteger(months) ? plainDayMs(month.length === 7 ? `${month}-01` : month) : undefined;
  if (ms !== undefined) {
    const d = new Date(ms);
    const index = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
    const year = Math.floor(index / 12);
    if (year >= 1000 && year <= 9999) return monthKey(year, (index % 12) + 1);
  }
  return calendarDay(month).add(months, 'month').format(MONTH);
}

/** The month key of a year and a month number: monthKey(2026, 3) → "2026-03". */
export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** The first day of the month of a day or month: monthStart('2026-11-22') → "2026-11-01". */
export const monthStart = (dayOrMonth: string): string => `${dayOrMonth.slice(0, 7)}-01`;

/** The last day of the month of a day or month: monthEnd('2026-02') → "2026-02-28". */
export const monthEnd = (dayOrMonth: string): string => calendarDay(dayOrMonth.slice(0, 7)).endOf('month').format(DAY);

/** The first day of the following month: nextMonthStart('2026-12-05') → "2027-01-01". */
export const nextMonthStart = (dayOrMonth: string): string => `${addMonths(dayOrMonth.slice(0, 7), 1)}-01`;

/** Whole days from one calendar date to another: daysBetween('2026-01-01', '2026-01-31') → 30. */
export const daysBetween = (from: string, to: string): number => calendarDay(to).diff(calendarDay(from), 'day');

/** The Jakarta year of a moment: 2026. */
export const jakartaYear = (at: Date | number = Date.now()): number => Number(jakartaDate(at).slice(0, 4));
