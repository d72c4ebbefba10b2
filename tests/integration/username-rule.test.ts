import { describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../src/lib/schemas/account';
import { memberStepErrors } from '../../src/lib/schemas/order-member';
import { checkUsername } from '../../src/server/services/order/check-username';

/**
 * Issue #21: the username rule lived in three places with two lengths (4–30 in the availability
 * check, 1–30 in the registration and the profile). One rule now: spec/000 §5 and spec/001 §5
 * (required, letters and digits only), at most 30 characters, never ten digits.
 */

const prospect = {
  nomor_identitas: '3578010101900001',
  nama: 'Budi Santoso',
  email: 'budi@example.com',
  phone: '62 812 345 678 90',
  posisi: 'SILVER',
  sisi: 'L',
  id_propinsi_domisili: '35',
  id_kota_domisili: '35.78',
  tgl_lahir: '1990-05-17',
  jenis_kelamin: 'LAKI-LAKI',
  status_kawin: 'KAWIN',
  agama: 'ISLAM',
  negara: '',
  alamat: 'Jl. Darmo 1',
  id_propinsi: '35',
  id_kota: '35.78',
  id_kecamatan: '35.78.01',
  kelurahan_id: '35.78.01.1001',
  kode_pos: '60241',
};
const profile = { nama: 'Budi Santoso', agama: 'ISLAM', status_kawin: 'KAWIN', propinsi_domisili: '35', kota_domisili: '35.78' };

const CHARS = 'Username hanya boleh terdiri dari huruf dan angka';
const MAX = 'Username tidak boleh melebihi 30 karakter';

// Unusual names, so none of them is taken in the demo database.
describe.each([
  ['qz', null, 'two characters: the spec sets no minimum'],
  ['qzx', null, 'three characters (the availability check wanted four)'],
  ['Q', null, 'one letter'],
  ['qzx2026wvu', null, 'letters and digits'],
  [`qzx${'w'.repeat(27)}`, null, 'exactly 30 characters'],
  [`qzx${'w'.repeat(28)}`, MAX, '31 characters'],
  ['', 'Masukkan username', 'empty'],
  ['   ', 'Masukkan username', 'only spaces'],
  ['qz_x', CHARS, 'an underscore (the availability check removed it and said free)'],
  ['qz x', CHARS, 'a space inside'],
  ['qzé', CHARS, 'a letter outside A–Z'],
  ['1000000003', 'Username tidak boleh berupa ID Member (10 angka)', 'ten digits stand for an ID Member'],
  ['10000000031', null, 'eleven digits are no ID Member'],
])('username %j', (username, message, reason) => {
  it(`availability check, registration and profile agree: ${reason}`, async () => {
    const check = await checkUsername(username, 'Budi Santoso');
    const registration = memberStepErrors({ ...prospect, username }).username ?? null;
    const parsed = ProfileSchema.safeParse({ ...profile, username });
    const profileMessage = parsed.success ? null : (parsed.error.issues.find((i) => i.path[0] === 'username')?.message ?? null);
    expect({ check: check.errorMessage || null, registration, profile: profileMessage }).toEqual({
      check: message,
      registration: message,
      profile: message,
    });
    expect(check.available).toBe(message === null);
  });
});

describe('username suggestions', () => {
  it('suggests only names the registration accepts', async () => {
    const result = await checkUsername('demosilver', 'Siti Aminah');
    expect(result.errorMessage).toBe('Username sudah digunakan, pilih username lain');
    expect(result.sugestion.length).toBeGreaterThan(0);
    for (const s of result.sugestion) expect(memberStepErrors({ ...prospect, username: s }).username, s).toBeUndefined();
  });
});
