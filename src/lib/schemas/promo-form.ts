import { z } from 'zod';
import { parseDate } from '../calendar-params';
import { safeLink } from '../safe-redirect';

const date = (label: string) =>
  z
    .string({ error: `${label} wajib diisi` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} wajib diisi (format YYYY-MM-DD)`)
    .refine((v) => parseDate(v) !== undefined, `${label} bukan tanggal yang valid`);

/**
 * A reward promo as KONTEN creates and edits it (promos table, spec/001 §3 Promo): exactly one
 * threshold, points (1 point = 4 BV) or rupiah, and periode_awal ≤ periode_akhir ≤ batas_klaim.
 */
export const PromoFormSchema = z
  .object({
    nama: z
      .string({ error: 'Nama promo wajib diisi' })
      .trim()
      .min(1, 'Nama promo wajib diisi')
      .max(150, 'Nama promo paling banyak 150 karakter'),
    deskripsi: z.string().trim().max(5_000, 'Deskripsi terlalu panjang').default(''),
    reward: z.string({ error: 'Reward wajib diisi' }).trim().min(1, 'Reward wajib diisi').max(200, 'Reward paling banyak 200 karakter'),
    jenis: z.enum(['REWARD', 'TRIP'], { error: 'Jenis promo harus REWARD atau TRIP' }),
    periode_awal: date('Periode awal'),
    periode_akhir: date('Periode akhir'),
    batas_klaim: date('Batas klaim'),
    syarat_jenis: z.enum(['poin', 'nominal'], { error: 'Pilih syarat poin atau nominal' }),
    syarat: z
      .string({ error: 'Syarat wajib diisi' })
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Syarat harus angka lebih dari 0'),
    kelipatan: z.preprocess((v) => v === true || v === 'on' || v === '1', z.boolean()).default(false),
    min_posisi: z.enum(['BRONZE', 'SILVER', 'PLATINUM'], { error: 'Posisi minimal tidak dikenal' }),
    status: z.enum(['0', '1'], { error: 'Status harus 0 atau 1' }).default('1'),
    url_banner: z
      .string()
      .trim()
      .max(500, 'URL banner terlalu panjang')
      .refine((v) => v === '' || safeLink(v, ['https:']) !== undefined, 'URL banner harus diawali / atau https://')
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.periode_awal > v.periode_akhir)
      ctx.addIssue({ code: 'custom', path: ['periode_akhir'], message: 'Periode akhir tidak boleh sebelum periode awal' });
    if (v.periode_akhir > v.batas_klaim)
      ctx.addIssue({ code: 'custom', path: ['batas_klaim'], message: 'Batas klaim tidak boleh sebelum periode akhir' });
    const amount = Number(v.syarat);
    if (!(amount > 0)) ctx.addIssue({ code: 'custom', path: ['syarat'], message: 'Syarat harus angka lebih dari 0' });
    if (v.syarat_jenis === 'nominal' && !/^\d+$/.test(v.syarat))
      ctx.addIssue({ code: 'custom', path: ['syarat'], message: 'Syarat nominal dalam rupiah bulat' });
  });
export type PromoForm = z.input<typeof PromoFormSchema>;
