import { z } from 'zod';
import { jakartaYear } from '../calendar';
import { monthNumber, yearNumber } from './date-range';

/** Stockist report filters: month 1-12, year from 2023 to this year (spec/001 §5). */
export const FIRST_REPORT_YEAR = 2023;

export const StokisReportQuerySchema = z.object({
  month: monthNumber('Bulan tidak valid'),
  year: yearNumber('Tahun tidak valid', FIRST_REPORT_YEAR, () => jakartaYear()),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(10),
});
export type StokisReportQuery = z.infer<typeof StokisReportQuerySchema>;
