import { z } from 'zod';

/** Report ranges need both ends (spec/000 §5), the first not after the second. */
export const rangeMessages = { both: 'Rentang tanggal harus diisi lengkap', order: 'Tanggal awal harus sebelum tanggal akhir' } as const;

export const DateRangeSchema = z.object({
  from: z.iso.date(rangeMessages.both),
  to: z.iso.date(rangeMessages.both),
}).refine((q) => q.from <= q.to, { message: rangeMessages.order, path: ['to'] });
