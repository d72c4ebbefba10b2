import { z } from 'zod';

export const JENIS_OMSET = ['default', 'pribadi', 'sponsorgrup'] as const;
export const omsetMessages = { range: 'Rentang tanggal harus diisi lengkap', order: 'Tanggal awal harus sebelum tanggal akhir' } as const;

/** Turnover filters: the type and a date range that needs both ends (spec/000 §5). */
export const OmsetQuerySchema = z.object({
  jenisOmset: z.enum(JENIS_OMSET).catch('default'),
  from: z.iso.date(omsetMessages.range),
  to: z.iso.date(omsetMessages.range),
}).refine((q) => q.from <= q.to, { message: omsetMessages.order, path: ['to'] });
export type OmsetQuery = z.infer<typeof OmsetQuerySchema>;
