import { z } from 'zod';
import { safeLink } from '../safe-redirect';

/** The operator console's content forms (KONTEN): one schema for the form and the service. */
const checkbox = z.preprocess((v) => v === true || v === 'on' || v === '1' || v === 'true', z.boolean());

export const NewsFormSchema = z.object({
  title: z.string({ error: 'Judul wajib diisi' }).trim().min(1, 'Judul wajib diisi').max(200, 'Judul paling banyak 200 karakter'),
  content: z.string({ error: 'Isi berita wajib diisi' }).trim().min(1, 'Isi berita wajib diisi').max(100_000, 'Isi berita terlalu panjang'),
  menu_reg: checkbox.default(false),
  menu_upg: checkbox.default(false),
});
export type NewsForm = z.input<typeof NewsFormSchema>;

export const PageFormSchema = z.object({
  judul: z.string({ error: 'Judul wajib diisi' }).trim().min(1, 'Judul wajib diisi').max(200, 'Judul paling banyak 200 karakter'),
  konten: z
    .string({ error: 'Isi halaman wajib diisi' })
    .trim()
    .min(1, 'Isi halaman wajib diisi')
    .max(200_000, 'Isi halaman terlalu panjang'),
});
export type PageForm = z.input<typeof PageFormSchema>;

/** A banner's link: a path of the portal or an http(s) address (the safe-link rule); empty for none. */
const bannerLink = z
  .string()
  .trim()
  .max(500, 'Tautan terlalu panjang')
  .refine((v) => v === '' || safeLink(v) !== undefined, 'Tautan harus diawali / atau http(s)://');

export const BannerFormSchema = z.object({
  nama: z
    .string({ error: 'Nama banner wajib diisi' })
    .trim()
    .min(1, 'Nama banner wajib diisi')
    .max(100, 'Nama banner paling banyak 100 karakter'),
  link: bannerLink.default(''),
  description: z.string().trim().max(200, 'Keterangan paling banyak 200 karakter').default(''),
});
export type BannerForm = z.input<typeof BannerFormSchema>;

/**
 * The portal's identity (issue #23): the company name on the member shell, the print headers and
 * the tax slips, and its logo, a picture served by the portal itself (a path such as
 * /banners/unggah/logo.png or /favicon.svg; the members' pages load nothing from elsewhere).
 */
export const BrandFormSchema = z.object({
  company_name: z
    .string({ error: 'Nama perusahaan wajib diisi' })
    .trim()
    .min(2, 'Nama perusahaan wajib diisi')
    .max(80, 'Nama perusahaan paling banyak 80 karakter'),
  company_logo: z
    .string()
    .trim()
    .max(200, 'Alamat logo terlalu panjang')
    .refine(
      (v) => v === '' || (/^\/[\w\-./]+\.(svg|png|webp|jpe?g)$/i.test(v) && !v.includes('..') && !v.startsWith('//')),
      'Logo harus berupa alamat gambar portal ini, diawali / (svg, png, webp atau jpg)',
    )
    .default(''),
});
export type BrandForm = z.input<typeof BrandFormSchema>;
