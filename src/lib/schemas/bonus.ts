import { z } from 'zod';
import { calendarDate, rangeMessages } from './date-range';

export const BONUS_STATUSES = ['PENDING', 'PROCESSED'] as const;

/** Bonus list filters (spec/000 §2, §7): a date range with both ends, statuses, 10 per page. */
export const BonusQuerySchema = z
  .object({
    from: calendarDate(rangeMessages.both),
    to: calendarDate(rangeMessages.both),
    status: z.array(z.enum(BONUS_STATUSES)).catch([]),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    page_size: z.coerce.number().int().min(1).max(100).catch(10),
  })
  .refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
export type BonusQuery = z.infer<typeof BonusQuerySchema>;
