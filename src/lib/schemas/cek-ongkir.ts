import { z } from 'zod';

const code = z
  .string()
  .trim()
  .regex(/^[\d.]{1,20}$/)
  .optional()
  .catch(undefined);

/** Parcel weight in kg; the messages show on the page when the typed weight is refused. */
export const BeratSchema = z.coerce
  .number({ error: 'Berat harus diisi' })
  .min(0.1, 'Berat minimal 0,1 kg')
  .max(100, 'Berat maksimal 100 kg');

/**
 * The shipping cost check (/transaksi/cek-ongkir, spec/001 §2; its screen is ours): origin
 * warehouse, destination village through the region cascade, weight in kg (0.1 to 100).
 */
export const CekOngkirQuerySchema = z.object({
  gudang: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}$/i)
    .optional()
    .catch(undefined),
  provinsi_id: code,
  kota_id: code,
  kecamatan_id: code,
  kelurahan_id: code,
  berat: BeratSchema.catch(1),
});
export type CekOngkirQuery = z.infer<typeof CekOngkirQuerySchema>;
