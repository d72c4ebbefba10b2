import { z } from 'zod';

/** The console's catalogue forms (/admin/produk, SUPERADMIN): one schema for the form and the service. */
const checkbox = z.preprocess((v) => v === true || v === 'on' || v === '1' || v === 'true', z.boolean());
/** A blank input is "not given" (zod would coerce '' to 0). */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const whole = (label: string, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${label} wajib diisi dengan angka` })
      .int(`${label} harus bilangan bulat`)
      .min(0, `${label} tidak boleh negatif`)
      .max(max, `${label} terlalu besar`),
  );

export const ProductFormSchema = z.object({
  kode: z
    .string({ error: 'Kode produk wajib diisi' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,30}$/, 'Kode produk 2–30 huruf, angka atau tanda -'),
  nama: z
    .string({ error: 'Nama produk wajib diisi' })
    .trim()
    .min(1, 'Nama produk wajib diisi')
    .max(150, 'Nama produk paling banyak 150 karakter'),
  deskripsi: z.string().trim().max(2000, 'Deskripsi paling banyak 2000 karakter').default(''),
  kategori: z.enum(['PAKET', 'PRODUK'], { error: 'Pilih kategori: Paket (registrasi/upgrade) atau Produk (repeat order)' }),
  value: whole('BV', 100_000),
  berat: whole('Berat', 1_000_000),
  is_active: checkbox.default(false),
});
export type ProductForm = z.input<typeof ProductFormSchema>;

/** A price: harga includes PPN; dpp left blank is computed from harga and the rate (src/lib/order/fees.ts). */
export const PriceFieldsSchema = z.object({
  harga: whole('Harga', 1_000_000_000_000),
  dpp: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'DPP harus angka' })
      .int('DPP harus bilangan bulat')
      .min(0, 'DPP tidak boleh negatif')
      .max(1_000_000_000_000, 'DPP terlalu besar')
      .optional(),
  ),
  persen_ppn: whole('Persen PPN', 100).default(12),
});

/** A new price from a calendar day on (today or later). */
export const PriceFormSchema = PriceFieldsSchema.extend({
  berlaku_mulai: z
    .string({ error: 'Tanggal berlaku wajib diisi' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal berlaku wajib diisi (tahun-bulan-tanggal)'),
});
export type PriceForm = z.input<typeof PriceFormSchema>;

/** A new product: its data and its first price (in effect at once). */
export const NewProductSchema = ProductFormSchema.extend(PriceFieldsSchema.shape);
export type NewProductForm = z.input<typeof NewProductSchema>;

/** A warehouse's name, address and what it serves (spec/001 §3 Warehouse). */
export const WarehouseFormSchema = z.object({
  nama: z
    .string({ error: 'Nama gudang wajib diisi' })
    .trim()
    .min(1, 'Nama gudang wajib diisi')
    .max(100, 'Nama gudang paling banyak 100 karakter'),
  lokasi: z
    .string({ error: 'Alamat gudang wajib diisi' })
    .trim()
    .min(1, 'Alamat gudang wajib diisi')
    .max(300, 'Alamat gudang paling banyak 300 karakter'),
  is_online: checkbox.default(false),
  is_pickup: checkbox.default(false),
});
export type WarehouseForm = z.input<typeof WarehouseFormSchema>;
