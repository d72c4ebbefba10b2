import { z } from 'zod';
import { calendarDate, rangeMessages } from './date-range';

export const JENIS_OMSET = ['default', 'pribadi', 'sponsorgrup'] as const;

/** Turnover filters: the type and a date range that needs both ends (spec/000 §5). */
export const OmsetQuerySchema = z
  .object({
    jenisOmset: z.enum(JENIS_OMSET).catch('default'),
    from: calendarDate(rangeMessages.both),
    to: calendarDate(rangeMessages.both),
  })
  .refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
export type OmsetQuery = z.infer<typeof OmsetQuerySchema>;
