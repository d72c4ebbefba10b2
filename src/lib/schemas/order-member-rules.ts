import { AGAMA, STATUS_KAWIN } from '../member-choices';
import { RANKS } from '../rank';
/**
 * The rules of the registration stepper's member step (spec/001 §5 Member step), without zod so
 * the island ships them cheaply (DESIGN.md §9). order-member.ts wraps them in MemberStepSchema
 * for the server; both read the same checks, so the island and POST /member/transaction agree.
 * Texts shared with the profile (spec/000 §5) are the same words as src/lib/schemas/account.ts.
 */
import { usernameError, usernameMessages } from '../username';

export { AGAMA, STATUS_KAWIN };

export const memberMessages = {
  nomorIdentitas: 'Nomor harus diisi 16 digit',
  namaRequired: 'Masukkan nama lengkap',
  namaChars: 'Nama lengkap hanya boleh terdiri dari huruf dan spasi',
  namaMax: 'Nama lengkap tidak boleh melebihi 60 karakter',
  emailRequired: 'Masukkan email',
  emailFormat: 'Format email tidak valid',
  emailInvalid: 'Email tidak valid',
  phoneRequired: 'Masukkan nomor WhatsApp',
  phone628: 'Nomor tidak valid, contoh: 62 8xx xxx xxx',
  phoneMin: 'Nomor minimal 10 digit',
  phoneMax: 'Nomor maksimal 14 digit',
  usernameRequired: usernameMessages.required,
  usernameChars: usernameMessages.chars,
  // The trailing spaces of these two are the spec's own text.
  posisi: 'Pilih Tipe member ',
  sisi: 'Pilih Sisi ',
  propinsiDomisili: 'Pilih propinsi domisili',
  kotaDomisili: 'Pilih kabupaten / kota domisili',
  tglLahir: 'Tanggal lahir tidak valid',
  jenisKelamin: 'Pilih jenis kelamin',
  statusKawin: 'Pilih Status',
  agama: 'Pilih Agama',
  alamat: 'Masukkan alamat',
  kodePos: 'Kode pos harus terdiri dari 5 digit angka',
  wilayah: 'Pilih wilayah alamat',
  kodeEtik: 'Centang persetujuan kode etik untuk melanjutkan',
} as const;

/** WhatsApp country choices (spec/001 §5): the code is the number's required prefix. */
export const PHONE_COUNTRIES = [
  { code: '62', negara: 'Indonesia' },
  { code: '61', negara: 'Australia' },
  { code: '65', negara: 'Singapore' },
  { code: '60', negara: 'Malaysia' },
] as const;
export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]['code'];

/** The input's longest length, spaces included (spec/001 §9). */
export const PHONE_INPUT_MAX = 20;

/**
 * The WhatsApp input as the member types it: digits only, leading zeros dropped, the country
 * code as prefix, grouped with spaces ("62 812 345 678 9"), at most 20 characters. A partly
 * typed prefix ("6") and an empty input stay as they are, so the field can be cleared.
 */
export function formatPhoneInput(raw: string, code: PhoneCountryCode): string {
  let digits = raw.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '' || (digits.length < code.length && code.startsWith(digits))) return digits;
  if (!digits.startsWith(code)) digits = code + digits.replace(/^0+/, '');
  const rest = digits.slice(code.length).replace(/^0+/, '');
  const groups = rest.match(/.{1,3}/g) ?? [];
  return [code, ...groups].join(' ').slice(0, PHONE_INPUT_MAX).trimEnd();
}

/** The same number under another country choice: the old prefix gives way to the new one. */
export function switchPhoneCountry(formatted: string, from: PhoneCountryCode, to: PhoneCountryCode): string {
  const digits = phonePayload(formatted);
  const rest = digits.startsWith(from) ? digits.slice(from.length) : digits;
  return rest ? formatPhoneInput(to + rest, to) : '';
}

/** The payload's phone: the input without spaces. */
export const phonePayload = (formatted: string): string => formatted.replace(/\s/g, '');

/** The country a phone's prefix names, when it is one of the choices. */
export function phoneCountry(phone: string): PhoneCountryCode | undefined {
  return PHONE_COUNTRIES.find((c) => phone.startsWith(c.code))?.code;
}

/**
 * The WhatsApp number's message, or null when valid (spec/001 §5): Indonesia must start with
 * 628; a number needs at least 11 digits with its prefix and at most 14.
 */
export function phoneError(phone: string, code: PhoneCountryCode | undefined = phoneCountry(phone)): string | null {
  const digits = phonePayload(phone);
  if (!digits) return memberMessages.phoneRequired;
  if (!/^\d+$/.test(digits) || !code || !digits.startsWith(code)) return memberMessages.phone628;
  if (code === '62' && !digits.startsWith('628')) return memberMessages.phone628;
  if (digits.length < 11) return memberMessages.phoneMin;
  if (digits.length > 14) return memberMessages.phoneMax;
  return null;
}

/** The name as typed: leading spaces stripped (spec/001 §5). */
export const cleanNama = (raw: string): string => raw.replace(/^\s+/, '');
/** The username as typed: letters and digits only, others removed (spec/001 §5); the rule is src/lib/username.ts. */
export const cleanUsername = (raw: string): string => raw.replace(/[^A-Za-z0-9]/g, '');
/** The identity number as typed: digits only, at most 16. */
export const cleanNik = (raw: string): string => raw.replace(/\D/g, '').slice(0, 16);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const REGION = /^\d{2}(\.\d{2}){0,2}(\.\d{4})?$/;

function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getTime() < Date.now() &&
    date.getUTCFullYear() >= 1900
  );
}

/** The member payload (the contract's `member` object) after its checks. */
export interface MemberStep {
  nomor_identitas: string;
  nama: string;
  email: string;
  phone: string;
  username: string;
  posisi: (typeof RANKS)[number];
  sisi: 'L' | 'R';
  id_propinsi_domisili: string;
  id_kota_domisili: string;
  tgl_lahir: string;
  jenis_kelamin: 'LAKI-LAKI' | 'PEREMPUAN';
  status_kawin: (typeof STATUS_KAWIN)[number];
  agama: (typeof AGAMA)[number];
  negara: string;
  alamat: string;
  id_propinsi: string;
  id_kota: string;
  id_kecamatan: string;
  kelurahan_id: string;
  kode_pos: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const oneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** The payload as the server stores it: trimmed texts, the name without leading spaces, the phone without spaces. */
export function normalizeMember(payload: Record<string, unknown>): MemberStep {
  const s = (k: string) => str(payload[k]).trim();
  return {
    nomor_identitas: s('nomor_identitas'),
    nama: cleanNama(str(payload.nama)).trimEnd(),
    email: s('email'),
    phone: phonePayload(str(payload.phone)),
    username: s('username'),
    posisi: s('posisi') as MemberStep['posisi'],
    sisi: s('sisi') as MemberStep['sisi'],
    id_propinsi_domisili: s('id_propinsi_domisili'),
    id_kota_domisili: s('id_kota_domisili'),
    tgl_lahir: s('tgl_lahir'),
    jenis_kelamin: s('jenis_kelamin') as MemberStep['jenis_kelamin'],
    status_kawin: s('status_kawin') as MemberStep['status_kawin'],
    agama: s('agama') as MemberStep['agama'],
    negara: s('negara').slice(0, 60) || 'Indonesia',
    alamat: s('alamat'),
    id_propinsi: s('id_propinsi'),
    id_kota: s('id_kota'),
    id_kecamatan: s('id_kecamatan'),
    kelurahan_id: s('kelurahan_id'),
    kode_pos: s('kode_pos'),
  };
}

/**
 * The first message per field of a member payload (snake_case keys), in form order; empty when
 * the payload is valid. The email's server check and the username's availability are separate
 * calls (POST /member/mail/check, /member/opt/username-check).
 */
export function memberFieldErrors(payload: Record<string, unknown>): Record<string, string> {
  const m = normalizeMember(payload);
  const out: Record<string, string> = {};
  const fail = (key: keyof MemberStep, message: string) => {
    out[key] ??= message;
  };
  if (!/^\d{16}$/.test(m.nomor_identitas)) fail('nomor_identitas', memberMessages.nomorIdentitas);
  if (!m.nama) fail('nama', memberMessages.namaRequired);
  else if (!/^[A-Za-z ]+$/.test(m.nama)) fail('nama', memberMessages.namaChars);
  else if (m.nama.length > 60) fail('nama', memberMessages.namaMax);
  if (!m.email) fail('email', memberMessages.emailRequired);
  else if (m.email.length > 100 || !EMAIL_PATTERN.test(m.email)) fail('email', memberMessages.emailFormat);
  const phone = phoneError(m.phone);
  if (phone) fail('phone', phone);
  const username = usernameError(m.username);
  if (username) fail('username', username);
  if (!oneOf(RANKS, m.posisi)) fail('posisi', memberMessages.posisi);
  if (m.sisi !== 'L' && m.sisi !== 'R') fail('sisi', memberMessages.sisi);
  if (!REGION.test(m.id_propinsi_domisili)) fail('id_propinsi_domisili', memberMessages.propinsiDomisili);
  if (!REGION.test(m.id_kota_domisili) || !m.id_kota_domisili.startsWith(`${m.id_propinsi_domisili}.`))
    fail('id_kota_domisili', memberMessages.kotaDomisili);
  if (!isPastDate(m.tgl_lahir)) fail('tgl_lahir', memberMessages.tglLahir);
  if (m.jenis_kelamin !== 'LAKI-LAKI' && m.jenis_kelamin !== 'PEREMPUAN') fail('jenis_kelamin', memberMessages.jenisKelamin);
  if (!oneOf(STATUS_KAWIN, m.status_kawin)) fail('status_kawin', memberMessages.statusKawin);
  if (!oneOf(AGAMA, m.agama)) fail('agama', memberMessages.agama);
  // The address: province, city, district and sub-district nest by their Kemendagri codes ('35.78' lies in '35').
  const nests = (key: keyof MemberStep, child: string, parent: string | null) => {
    if (!REGION.test(child) || (parent !== null && !child.startsWith(`${parent}.`))) fail(key, memberMessages.wilayah);
  };
  nests('id_propinsi', m.id_propinsi, null);
  nests('id_kota', m.id_kota, m.id_propinsi);
  nests('id_kecamatan', m.id_kecamatan, m.id_kota);
  nests('kelurahan_id', m.kelurahan_id, m.id_kecamatan);
  if (!/^\d{5}$/.test(m.kode_pos)) fail('kode_pos', memberMessages.kodePos);
  if (!m.alamat) fail('alamat', memberMessages.alamat);
  else if (m.alamat.length > 300) fail('alamat', memberMessages.alamat);
  return out;
}
