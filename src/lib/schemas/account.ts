import { z } from 'zod';

/** Allowed values and messages of spec/000 §5, word for word. */
import { AGAMA, STATUS_KAWIN } from '../member-choices';
import { usernameMessages } from '../username';
import { calendarDate } from './date-range';
import { UsernameSchema } from './username';

export { AGAMA, STATUS_KAWIN };

export const accountMessages = {
  usernameRequired: usernameMessages.required,
  usernameChars: usernameMessages.chars,
  nomorIdentitas: 'Nomor harus diisi 16 digit',
  namaRequired: 'Masukkan nama lengkap',
  namaChars: 'Nama lengkap hanya boleh terdiri dari huruf dan spasi',
  namaMax: 'Nama lengkap tidak boleh melebihi 60 karakter',
  agama: 'Pilih Agama',
  statusKawin: 'Pilih Status',
  kodePos: 'Kode pos harus terdiri dari 5 digit angka',
  propinsiDomisili: 'Pilih Propinsi Domisili',
  kotaDomisili: 'Pilih Kota/Kabupaten Domisili',
  namaRekeningRequired: 'Masukkan nama pemilik rekening',
  namaRekeningChars: 'Nama pemilik rekening hanya boleh terdiri dari huruf dan spasi',
  noRekeningRequired: 'Masukkan nomor rekening',
  noRekeningDigits: 'Nomor rekening harus terdiri dari 10 hingga 20 digit angka',
  bankRequired: 'Pilih bank',
  cabangChars: 'Bank Cabang hanya boleh terdiri dari huruf, angka, dan spasi',
  npwp: 'NPWP harus terdiri dari 15 hingga 16 digit angka tanpa spasi',
  namaPemegangPajak: 'Nama pemegang pajak hanya boleh terdiri dari huruf dan spasi',
  heirNik: 'No Identitas harus diisi 16 digit',
  heirNama: 'Nama hanya boleh terdiri dari huruf dan spasi',
  heirHubungan: 'Hubungan hanya boleh terdiri dari huruf dan spasi',
  phone628: 'Nomor tidak valid, contoh: 62 8xx xxx xxx',
  phoneMin: 'Nomor minimal 10 digit',
  phoneMax: 'Nomor maksimal 14 digit',
  tanggalLahir: 'Tanggal lahir tidak valid',
  jenisKelamin: 'Pilih jenis kelamin',
} as const;

/** Patterns shared by the server schema and the browser's on-blur checks (data-pattern). */
export const patterns = {
  lettersSpaces: '^[A-Za-z ]*$',
  lettersDigits: '^[A-Za-z0-9]*$',
  lettersDigitsSpaces: '^[A-Za-z0-9 ]*$',
  nik: '^\\d{16}$',
  kodePos: '^\\d{5}$',
  noRekening: '^\\d{10,20}$',
  npwp: '^\\d{15,16}$',
} as const;

const re = (pattern: string) => new RegExp(pattern);
/** Empty strings count as "not given": the profile update drops them (spec/000 §5). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const digitsOnly = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : v);

export const ProfileSchema = z.object({
  username: UsernameSchema,
  nama: z
    .string({ error: accountMessages.namaRequired })
    .trim()
    .min(1, accountMessages.namaRequired)
    .regex(re(patterns.lettersSpaces), accountMessages.namaChars)
    .max(60, accountMessages.namaMax),
  nomor_identitas: optional(z.string().regex(re(patterns.nik), accountMessages.nomorIdentitas)),
  tgl_lahir: optional(calendarDate(accountMessages.tanggalLahir)),
  jenis_kelamin: optional(z.enum(['LAKI-LAKI', 'PEREMPUAN'], accountMessages.jenisKelamin)),
  agama: z.enum(AGAMA, accountMessages.agama),
  status_kawin: z.enum(STATUS_KAWIN, accountMessages.statusKawin),
  alamat: optional(z.string().trim().max(300)),
  propinsi: optional(z.string().max(20)),
  kota: optional(z.string().max(20)),
  kecamatan: optional(z.string().max(20)),
  negara: optional(z.string().trim().max(60)),
  kode_pos: optional(z.string().regex(re(patterns.kodePos), accountMessages.kodePos)),
  propinsi_domisili: z.string({ error: accountMessages.propinsiDomisili }).min(1, accountMessages.propinsiDomisili).max(20),
  kota_domisili: z.string({ error: accountMessages.kotaDomisili }).min(1, accountMessages.kotaDomisili).max(20),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const HeirSchema = z.object({
  no_nik_passpor_penerima: optional(z.preprocess(digitsOnly, z.string().regex(re(patterns.nik), accountMessages.heirNik))),
  nama_lengkap_pewaris: optional(
    z.string().trim().regex(re(patterns.lettersSpaces), accountMessages.heirNama).max(60, accountMessages.namaMax),
  ),
  no_mobile_pewaris: optional(
    z.preprocess(
      digitsOnly,
      z.string().regex(/^628/, accountMessages.phone628).min(10, accountMessages.phoneMin).max(14, accountMessages.phoneMax),
    ),
  ),
  hubungan_pewaris: optional(z.string().trim().regex(re(patterns.lettersSpaces), accountMessages.heirHubungan).max(40)),
});
export type HeirInput = z.infer<typeof HeirSchema>;

export const BankSchema = z.object({
  nama_rekening: z
    .string({ error: accountMessages.namaRekeningRequired })
    .trim()
    .min(1, accountMessages.namaRekeningRequired)
    .regex(re(patterns.lettersSpaces), accountMessages.namaRekeningChars)
    .max(60, accountMessages.namaRekeningChars),
  no_rekening: z
    .string({ error: accountMessages.noRekeningRequired })
    .trim()
    .min(1, accountMessages.noRekeningRequired)
    .regex(re(patterns.noRekening), accountMessages.noRekeningDigits),
  kode_bank: z.string({ error: accountMessages.bankRequired }).regex(/^\d{3}$/, accountMessages.bankRequired),
  cabang: optional(
    z.string().trim().regex(re(patterns.lettersDigitsSpaces), accountMessages.cabangChars).max(60, accountMessages.cabangChars),
  ),
});
export type BankInput = z.infer<typeof BankSchema>;

export const NpwpSchema = z.object({
  npwp: z.preprocess(digitsOnly, z.string({ error: accountMessages.npwp }).regex(re(patterns.npwp), accountMessages.npwp)),
  nama_pemegang_pajak: z
    .string({ error: accountMessages.namaPemegangPajak })
    .trim()
    .min(1, accountMessages.namaPemegangPajak)
    .regex(re(patterns.lettersSpaces), accountMessages.namaPemegangPajak)
    .max(60, accountMessages.namaMax),
});
export type NpwpInput = z.infer<typeof NpwpSchema>;

export const AutoWithdrawSchema = z.object({
  auto_widraw: z.preprocess(
    (v) => (v === true || v === 'true' || v === '1' || v === 'on' ? true : v === false || v === 'false' || v === '0' ? false : v),
    z.boolean({ error: 'Nilai auto withdraw tidak valid' }),
  ),
});

/** The own-responsibility warning on bank, NPWP and heir edits (spec/000 §2). */
export const OWN_RESPONSIBILITY = 'Perubahan data ini sepenuhnya menjadi tanggung jawab Anda. Pastikan data yang Anda masukkan benar.';
export const AUTO_WITHDRAW_CONFIRM = 'Klik YA jika anda yakin untuk mengaktifkan/menonaktifkan auto withdraw !';
export const DOMISILI_PROMPT = 'Lengkapi data domisili saat ini!';
