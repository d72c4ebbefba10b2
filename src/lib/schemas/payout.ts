import { z } from 'zod';
import { calendarDate, rangeMessages } from './date-range';

export const PAYOUT_FILTER_STATUSES = ['queued', 'processed', 'completed', 'rejected', 'failed'] as const;

export const PayoutQuerySchema = z
  .object({
    from: calendarDate(rangeMessages.both),
    to: calendarDate(rangeMessages.both),
    status: z.array(z.enum(PAYOUT_FILTER_STATUSES)).catch([]),
    /** Part of the payout number (spec/000 §4: list calls take search). */
    search: z.string().trim().max(50).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    page_size: z.coerce.number().int().min(1).max(100).catch(10),
  })
  .refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
