import { z } from 'zod';

/** The waybill import's file (console /admin/orders/impor-resi): at most this many bytes and rows. */
export const MAX_RESI_FILE_BYTES = 200_000;
export const MAX_RESI_ROWS = 1000;

/** One row of the file: `no_order,resi`; the waybill rule is the member's return waybill rule. */
export const ResiImportRowSchema = z.object({
  no_order: z.string().trim().min(1, 'No Order kosong').max(40, 'No Order tidak valid'),
  resi: z
    .string({ error: 'Nomor resi kosong' })
    .trim()
    .min(1, 'Nomor resi kosong')
    .max(40, 'Nomor resi maksimal 40 karakter')
    .regex(/^[A-Za-z0-9-]+$/, 'Nomor resi hanya huruf, angka dan tanda minus'),
});

/** The form's other field: the city the "handed to the courier" event names (the warehouse's city when empty). */
export const ResiImportFormSchema = z.object({
  kota: z.string().trim().max(100, 'Kota maksimal 100 karakter').optional(),
});
