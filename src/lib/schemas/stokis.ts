import { z } from 'zod';

/** Stockist report filters: month 1-12, year from 2023 to this year (spec/001 §5). */
export const FIRST_REPORT_YEAR = 2023;

export const StokisReportQuerySchema = z.object({
  month: z.coerce.number({ error: 'Bulan tidak valid' }).int('Bulan tidak valid').min(1, 'Bulan tidak valid').max(12, 'Bulan tidak valid'),
  year: z.coerce.number({ error: 'Tahun tidak valid' }).int('Tahun tidak valid').min(FIRST_REPORT_YEAR, 'Tahun tidak valid')
    .refine((y) => y <= new Date().getFullYear(), 'Tahun tidak valid'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(10),
});
export type StokisReportQuery = z.infer<typeof StokisReportQuerySchema>;
