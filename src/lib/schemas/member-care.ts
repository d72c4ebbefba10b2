import { z } from 'zod';
import { EMAIL_PATTERN, memberMessages, phoneError, phonePayload } from './order-member-rules';

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
  kycJenis: 'Pilih rekening, NPWP atau NIK',
  emailTaken: 'Email sudah digunakan member lain',
  nothingChanged: 'Tidak ada data yang berubah',
  hasDownline: 'Sponsor/penempatan tidak dapat dikoreksi: member ini sudah memiliki downline',
  bonusCounted: 'Sponsor/penempatan tidak dapat dikoreksi: order member ini sudah dihitung dalam closing bonus',
  sponsorSelf: 'Sponsor tidak boleh member itu sendiri',
  sponsorNotAbove: 'Sponsor baru harus berada di atas member ini dalam jaringan; pindahkan penempatannya terlebih dahulu',
  placementNotUnderSponsor: 'Penempatan baru harus berada di dalam jaringan sponsor member ini',
  sameSponsor: 'Sponsor baru sama dengan sponsor sekarang',
  samePlacement: 'Penempatan baru sama dengan penempatan sekarang',
  sponsorNotFound: 'Sponsor baru tidak ditemukan',
  uplineNotFound: 'Upline baru tidak ditemukan',
  slotTaken: 'Posisi di sisi itu sudah terisi member lain',
  uplineSelf: 'Upline tidak boleh member itu sendiri',
  sisi: 'Pilih sisi kiri (L) atau kanan (R)',
  idMember: 'Masukkan ID Member',
  noNumber: 'Member belum mengisi nomor ini',
  alreadyVerified: 'Nomor ini sudah terverifikasi',
  alreadyRejected: 'Nomor ini sudah ditolak',
} as const;

export const memberSearchSchema = z.object({
  q: z.string().trim().min(3, memberCareMessages.query).max(100, memberCareMessages.query),
});

/** The reason every operator change of a member carries (5–500 characters). */
export const alasanSchema = z
  .string({ error: memberCareMessages.alasan })
  .trim()
  .min(5, memberCareMessages.alasan)
  .max(500, memberCareMessages.alasan);

export const suspensionSchema = z.object({ alasan: alasanSchema });
export const reasonSchema = suspensionSchema;

/**
 * The member's contact data (e-mail and WhatsApp number), by the same rules the registration
 * form checks them with (order-member-rules.ts): one source for each rule.
 */
export const ContactSchema = z.object({
  email: z
    .string({ error: memberMessages.emailRequired })
    .trim()
    .min(1, memberMessages.emailRequired)
    .max(100, memberMessages.emailFormat)
    .regex(EMAIL_PATTERN, memberMessages.emailFormat),
  phone: z
    .string({ error: memberMessages.phoneRequired })
    .transform(phonePayload)
    .superRefine((phone, ctx) => {
      const problem = phoneError(phone);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const KYC_KINDS = ['REKENING', 'NPWP', 'NIK'] as const;
export type KycKind = (typeof KYC_KINDS)[number];
export const kycKindSchema = z.enum(KYC_KINDS, { error: memberCareMessages.kycJenis });

const idMemberField = z
  .string({ error: memberCareMessages.idMember })
  .trim()
  .min(1, memberCareMessages.idMember)
  .max(20, memberCareMessages.idMember);

export const sponsorChangeSchema = z.object({ sponsor: idMemberField, alasan: alasanSchema });
export const placementMoveSchema = z.object({
  upline: idMemberField,
  sisi: z.enum(['L', 'R'], { error: memberCareMessages.sisi }),
  alasan: alasanSchema,
});

export const taxNumberKindSchema = z.enum(['NPWP', 'NIK'], { error: memberCareMessages.jenis });
