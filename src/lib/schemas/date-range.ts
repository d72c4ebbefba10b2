import { z } from 'zod';
import { FIRST_YEAR, LAST_YEAR, parseDate, parseMonth, parseMonthNumber, parseYear } from '../calendar-params';

/** Report ranges need both ends (spec/000 §5), the first not after the second. */
export const rangeMessages = { both: 'Rentang tanggal harus diisi lengkap', order: 'Tanggal awal harus sebelum tanggal akhir' } as const;

/** A calendar date (YYYY-MM-DD, a real day from 1900 on) through the one parser, src/lib/calendar-params.ts. */
export const calendarDate = (message: string) => z.string({ error: message }).refine((d) => parseDate(d) !== undefined, message);

/** A calendar month (YYYY-MM) through the one parser. */
export const calendarMonth = (message: string) => z.string({ error: message }).refine((m) => parseMonth(m) !== undefined, message);

/** The parsed value, or a zod issue with the message when the parser refused it. */
function refuse<T>(value: T | undefined, ctx: z.RefinementCtx, message: string): T {
  if (value !== undefined) return value;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A month number 1–12 from a query string or a number, through the one parser. */
export const monthNumber = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => refuse(parseMonthNumber(v), ctx, message));

/** A four-digit year from `min` to `max()` (a function: "this year" moves), through the one parser. */
export const yearNumber = (message: string, min = FIRST_YEAR, max: () => number = () => LAST_YEAR) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => refuse(parseYear(v, min, max()), ctx, message));

export const DateRangeSchema = z
  .object({
    from: calendarDate(rangeMessages.both),
    to: calendarDate(rangeMessages.both),
  })
  .refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
