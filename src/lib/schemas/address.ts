import { z } from 'zod';

/** Messages of spec/001 §5 (address form), word for word. */
export const addressMessages = {
  label: 'Masukkan label pengiriman',
  nama: 'Masukkan nama penerima',
  phone: 'Masukkan nomor telepon',
  alamat: 'Alamat lengkap pengiriman tidak boleh kosong',
  kelurahan: 'Pilih kelurahan',
  kodePos: 'Kode pos harus terdiri dari 5 digit angka',
} as const;

export const AddressSchema = z.object({
  label: z.string({ error: addressMessages.label }).trim().min(1, addressMessages.label).max(40, addressMessages.label),
  nama: z.string({ error: addressMessages.nama }).trim().min(1, addressMessages.nama).max(60, addressMessages.nama),
  phone: z.preprocess((v) => (typeof v === 'string' ? v.replace(/[^\d]/g, '') : v),
    z.string({ error: addressMessages.phone }).min(1, addressMessages.phone).max(20, addressMessages.phone)),
  alamat: z.string({ error: addressMessages.alamat }).trim().min(1, addressMessages.alamat).max(300, addressMessages.alamat),
  kelurahan_id: z.string({ error: addressMessages.kelurahan }).regex(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, addressMessages.kelurahan),
  kode_pos: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().regex(/^\d{5}$/, addressMessages.kodePos).optional()),
  is_default: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()).optional().default(false),
});
export type AddressInput = z.infer<typeof AddressSchema>;
