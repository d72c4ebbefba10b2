import { z } from 'zod';

/** An operator's stock adjustment (console, GUDANG): a signed change with the reason kept in the history. */
export const adjustStockSchema = z.object({
  warehouse_id: z.coerce.number({ message: 'Pilih gudang' }).int().positive('Pilih gudang'),
  product_id: z.coerce.number({ message: 'Pilih produk' }).int().positive('Pilih produk'),
  perubahan: z.coerce
    .number({ message: 'Perubahan stok harus berupa angka bulat' })
    .int('Perubahan stok harus berupa angka bulat')
    .refine((n) => n !== 0, 'Perubahan stok tidak boleh 0')
    .refine((n) => Math.abs(n) <= 1_000_000, 'Perubahan stok paling banyak 1.000.000'),
  alasan: z.string().trim().min(3, 'Alasan harus diisi (minimal 3 karakter)').max(200, 'Alasan paling panjang 200 karakter'),
});
export type AdjustStock = z.input<typeof adjustStockSchema>;
