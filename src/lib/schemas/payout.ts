import { z } from 'zod';
import { rangeMessages } from './date-range';

export const PAYOUT_FILTER_STATUSES = ['queued', 'processed', 'completed', 'rejected', 'failed'] as const;

export const PayoutQuerySchema = z.object({
  from: z.iso.date(rangeMessages.both),
  to: z.iso.date(rangeMessages.both),
  status: z.array(z.enum(PAYOUT_FILTER_STATUSES)).catch([]),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  page_size: z.coerce.number().int().min(1).max(100).catch(10),
}).refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
