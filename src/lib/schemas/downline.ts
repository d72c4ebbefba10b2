import { z } from 'zod';
import { RANKS } from '../rank';

/** Filters of the downline report; anything unknown falls back to "no filter". */
export const DownlineQuerySchema = z.object({
  posisi: z.enum(RANKS).optional().catch(undefined),
  cariNama: z.string().trim().max(60).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  /** Keyset cursors (ADR 0018): the ID Member the page follows or precedes. */
  after: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/)
    .optional()
    .catch(undefined),
  before: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/)
    .optional()
    .catch(undefined),
});
