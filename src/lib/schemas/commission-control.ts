import { z } from 'zod';

const idMember = z.string().trim().min(1, 'ID member harus diisi').max(30, 'ID member tidak dikenal');
const alasan = z.string().trim().min(1, 'Alasan harus diisi').max(500, 'Alasan paling panjang 500 karakter');

/**
 * KEUANGAN's hold form (`/admin/keuangan/tahan`): all of a member's payouts, or one bonus (its
 * public id from the member's list), with a reason (COMP_PLAN.md "Commission control").
 */
export const holdFormSchema = z.object({
  id_member: idMember,
  bonus: z.union([z.literal(''), z.string().uuid('Bonus tidak ditemukan')]).optional(),
  alasan,
});
export type HoldForm = z.output<typeof holdFormSchema>;

/** A manual adjustment (`/admin/keuangan/penyesuaian`): credit or debit of whole rupiah with a reason. */
export const adjustmentFormSchema = z.object({
  id_member: idMember,
  jenis: z.enum(['KREDIT', 'DEBIT'], { message: 'Pilih kredit atau debit' }),
  nominal: z.coerce
    .number({ message: 'Nominal harus angka rupiah' })
    .int('Nominal harus rupiah bulat')
    .min(1, 'Nominal paling sedikit Rp 1')
    .max(1_000_000_000, 'Nominal paling banyak Rp 1.000.000.000'),
  alasan,
});
export type AdjustmentForm = z.output<typeof adjustmentFormSchema>;

/** The checker's decision on an adjustment; a rejection says why. */
export const adjustmentDecisionSchema = z.object({
  adjustment: z.string().uuid('Penyesuaian tidak ditemukan'),
  keputusan: z.enum(['setujui', 'tolak'], { message: 'Pilih setujui atau tolak' }),
  catatan: z.string().trim().max(500, 'Catatan paling panjang 500 karakter').optional().default(''),
});
export type AdjustmentDecision = z.output<typeof adjustmentDecisionSchema>;
