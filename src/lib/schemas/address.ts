import { z } from 'zod';

import { addressMessages, ADDRESS_LIMITS as max, POSTAL_CODE, VILLAGE_CODE } from './address-rules';

export { addressMessages };

export const AddressSchema = z.object({
  label: z.string({ error: addressMessages.label }).trim().min(1, addressMessages.label).max(max.label, addressMessages.label),
  nama: z.string({ error: addressMessages.nama }).trim().min(1, addressMessages.nama).max(max.nama, addressMessages.nama),
  phone: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[^\d]/g, '') : v),
    z.string({ error: addressMessages.phone }).min(1, addressMessages.phone).max(max.phone, addressMessages.phone),
  ),
  alamat: z.string({ error: addressMessages.alamat }).trim().min(1, addressMessages.alamat).max(max.alamat, addressMessages.alamat),
  kelurahan_id: z.string({ error: addressMessages.kelurahan }).regex(VILLAGE_CODE, addressMessages.kelurahan),
  kode_pos: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().regex(POSTAL_CODE, addressMessages.kodePos).optional(),
  ),
  is_default: z
    .preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean())
    .optional()
    .default(false),
});
export type AddressInput = z.infer<typeof AddressSchema>;
