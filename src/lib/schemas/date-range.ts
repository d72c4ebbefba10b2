import { z } from 'zod';

/** Report ranges need both ends (spec/000 §5), the first not after the second. */
export const rangeMessages = { both: 'Rentang tanggal harus diisi lengkap', order: 'Tanggal awal harus sebelum tanggal akhir' } as const;

/**
 * A calendar date (YYYY-MM-DD, a real day: no month 13 or 30 February) from 1900 on: year 0000
 * passes the ISO pattern but not PostgreSQL, and no report or birth date lies before 1900.
 */
export const calendarDate = (message: string) => z.iso.date(message).refine((d) => d >= '1900-01-01', message);

export const DateRangeSchema = z.object({
  from: calendarDate(rangeMessages.both),
  to: calendarDate(rangeMessages.both),
}).refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
