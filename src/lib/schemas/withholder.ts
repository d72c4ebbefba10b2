import { z } from 'zod';

/** The withholder on BP21 slips and in the Coretax file (INTEGRATIONS.md): one schema for the console form and the service. */
export const withholderMessages = {
  npwp: 'NPWP pemotong harus 16 digit angka',
  idTku: 'ID TKU pemotong harus 22 digit angka: NPWP 16 digit diikuti 6 digit nomor tempat usaha (000000 untuk pusat)',
  idTkuOfNpwp: 'ID TKU pemotong harus diawali NPWP pemotong',
  nama: 'Nama pemotong harus diisi (paling banyak 100 karakter)',
  penandatangan: 'Nama penandatangan harus diisi (paling banyak 60 karakter)',
} as const;

const digitsOnly = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s.-]/g, '') : v);

export const WithholderSchema = z
  .object({
    npwp: z.preprocess(digitsOnly, z.string({ error: withholderMessages.npwp }).regex(/^\d{16}$/, withholderMessages.npwp)),
    id_tku: z.preprocess(digitsOnly, z.string({ error: withholderMessages.idTku }).regex(/^\d{22}$/, withholderMessages.idTku)),
    nama: z.string({ error: withholderMessages.nama }).trim().min(1, withholderMessages.nama).max(100, withholderMessages.nama),
    penandatangan: z
      .string({ error: withholderMessages.penandatangan })
      .trim()
      .min(1, withholderMessages.penandatangan)
      .max(60, withholderMessages.penandatangan),
  })
  .refine(
    // Only when both numbers are well formed: a bad NPWP is reported on its own field.
    (w) => typeof w.npwp !== 'string' || typeof w.id_tku !== 'string' || !/^\d{16}$/.test(w.npwp) || w.id_tku.startsWith(w.npwp),
    { path: ['id_tku'], error: withholderMessages.idTkuOfNpwp },
  );

export type WithholderInput = z.infer<typeof WithholderSchema>;
