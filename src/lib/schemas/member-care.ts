import { z } from 'zod';

/** Texts of the console's member pages (CS); the spec has none, so these are ours. */
export const memberCareMessages = {
  query: 'Masukkan ID Member, nama, username, nomor HP atau e-mail (minimal 3 karakter)',
  alasan: 'Alasan wajib diisi (5–500 karakter)',
  notFound: 'Member tidak ditemukan',
  alreadySuspended: 'Akun member sudah ditangguhkan',
  notSuspended: 'Akun member tidak sedang ditangguhkan',
  noBank: 'Member belum mengisi rekening bank',
  bankAlready: 'Rekening bank member sudah terverifikasi',
  jenis: 'Pilih NPWP atau NIK',
} as const;

export const memberSearchSchema = z.object({
  q: z.string().trim().min(3, memberCareMessages.query).max(100, memberCareMessages.query),
});

export const suspensionSchema = z.object({
  alasan: z.string({ error: memberCareMessages.alasan }).trim().min(5, memberCareMessages.alasan).max(500, memberCareMessages.alasan),
});

export const taxNumberKindSchema = z.enum(['NPWP', 'NIK'], { error: memberCareMessages.jenis });
