import { describe, expect, it } from 'vitest';
import { accountMessages, AGAMA as PROFILE_AGAMA, STATUS_KAWIN as PROFILE_STATUS_KAWIN } from '../../src/lib/schemas/account';
import {
  AGAMA,
  cleanNama,
  cleanNik,
  cleanUsername,
  formatPhoneInput,
  MemberStepSchema,
  memberFieldErrors,
  memberMessages,
  memberStepErrors,
  phoneError,
  phonePayload,
  STATUS_KAWIN,
  switchPhoneCountry,
} from '../../src/lib/schemas/order-member';

describe('WhatsApp input formatting (spec/001 §5)', () => {
  it.each([
    ['081234567890', '62', '62 812 345 678 90', 'leading zero dropped, country code put in front, grouped'],
    ['6281234567890', '62', '62 812 345 678 90', 'prefix already there'],
    ['62 812 345 678 90', '62', '62 812 345 678 90', 'formatting is stable when typed over'],
    ['+62 (812) 3456-7890', '62', '62 812 345 678 90', 'digits only'],
    ['00812', '62', '62 812', 'several leading zeros'],
    ['62 0812', '62', '62 812', 'a zero after the prefix is dropped too'],
    ['412345678', '61', '61 412 345 678', 'Australia'],
    ['91234567', '65', '65 912 345 67', 'Singapore'],
    ['6', '62', '6', 'a prefix being typed stays as typed'],
    ['', '62', '', 'an emptied field stays empty'],
    ['628123456789012345678', '62', '62 812 345 678 901 2', 'cut at 20 characters'],
  ] as const)('%s with +%s → "%s" (%s)', (raw, code, formatted, _why) => {
    expect(formatPhoneInput(raw, code)).toBe(formatted);
    expect(formatted.length).toBeLessThanOrEqual(20);
  });

  it('removes the spaces in the payload', () => {
    expect(phonePayload('62 812 345 678 90')).toBe('6281234567890');
  });

  it('moves the number under another country code', () => {
    expect(switchPhoneCountry('62 812 345 678', '62', '60')).toBe('60 812 345 678');
    expect(switchPhoneCountry('', '62', '65')).toBe('');
  });
});

describe('WhatsApp number messages (spec/001 §5)', () => {
  it.each([
    ['', '62', memberMessages.phoneRequired, 'required'],
    ['62 712 345 678', '62', 'Nomor tidak valid, contoh: 62 8xx xxx xxx', 'Indonesia must start with 628'],
    ['62 812 345', '62', 'Nomor minimal 10 digit', '8 digits with the prefix'],
    ['62 812 345 67', '62', 'Nomor minimal 10 digit', '10 digits: one short of 11'],
    ['62 812 345 678', '62', null, '11 digits with the prefix'],
    ['62 812 345 678 901', '62', null, '14 digits: the most'],
    ['62 812 345 678 901 2', '62', 'Nomor maksimal 14 digit', '15 digits'],
    ['61 412 345 67', '61', 'Nomor minimal 10 digit', 'Australia, 10 digits'],
    ['61 412 345 678', '61', null, 'Australia, 11 digits'],
    ['65 912 345 678 901 2', '65', 'Nomor maksimal 14 digit', 'Singapore, 15 digits'],
    ['60 123 456 789', '60', null, 'Malaysia needs no 8'],
  ] as const)('"%s" (+%s) → %s (%s)', (phone, code, message, _why) => {
    expect(phoneError(phone, code)).toBe(message);
  });

  it('reads the country from the prefix when none is given (the server side)', () => {
    expect(phoneError('6271234567890')).toBe(memberMessages.phone628);
    expect(phoneError('4471234567890')).toBe(memberMessages.phone628);
    expect(phoneError('61412345678')).toBeNull();
  });
});

describe('typing helpers', () => {
  it.each([
    [cleanNama, '   Budi Santoso', 'Budi Santoso', 'leading spaces stripped'],
    [cleanUsername, 'budi_santoso-01!', 'budisantoso01', 'letters and digits only'],
    [cleanNik, '3578-0101-0101-0001-99', '3578010101010001', 'digits, at most 16'],
  ] as const)('%o: %s → %s (%s)', (fn, raw, clean, _why) => {
    expect(fn(raw)).toBe(clean);
  });
});

const valid = {
  nomor_identitas: '3578010101900001',
  nama: 'Budi Santoso',
  email: 'budi@example.com',
  phone: '62 812 345 678 90',
  username: 'budisantoso',
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

describe('member step schema (spec/001 §5 messages)', () => {
  it('accepts a complete prospective member and normalizes the payload', () => {
    const parsed = MemberStepSchema.parse({ ...valid, nama: '  Budi Santoso ' });
    expect(parsed.phone).toBe('6281234567890');
    expect(parsed.nama).toBe('Budi Santoso');
    expect(parsed.negara).toBe('Indonesia');
  });

  it.each([
    ['nomor_identitas', '357801010190000', 'Nomor harus diisi 16 digit', '15 digits'],
    ['nomor_identitas', '35780101019000012', 'Nomor harus diisi 16 digit', '17 digits'],
    ['nomor_identitas', '357801010190000A', 'Nomor harus diisi 16 digit', 'a letter'],
    ['nama', '', 'Masukkan nama lengkap', 'empty'],
    ['nama', '   ', 'Masukkan nama lengkap', 'only spaces'],
    ['nama', 'Budi S.', 'Nama lengkap hanya boleh terdiri dari huruf dan spasi', 'a dot'],
    ['nama', 'Budi 2', 'Nama lengkap hanya boleh terdiri dari huruf dan spasi', 'a digit'],
    ['nama', 'A'.repeat(61), 'Nama lengkap tidak boleh melebihi 60 karakter', '61 letters'],
    ['email', '', 'Masukkan email', 'empty'],
    ['email', 'budi@', 'Format email tidak valid', 'no domain'],
    ['email', 'budi example.com', 'Format email tidak valid', 'no at sign'],
    ['phone', '', memberMessages.phoneRequired, 'empty'],
    ['phone', '62 712 345 678', 'Nomor tidak valid, contoh: 62 8xx xxx xxx', 'not 628'],
    ['phone', '62 812 345', 'Nomor minimal 10 digit', 'short'],
    ['phone', '62 812 345 678 901 2', 'Nomor maksimal 14 digit', 'long'],
    ['username', '', 'Masukkan username', 'empty'],
    ['username', 'budi santoso', 'Username hanya boleh terdiri dari huruf dan angka', 'a space'],
    ['posisi', '', 'Pilih Tipe member ', "no tier (the trailing space is the spec's)"],
    ['posisi', 'GOLD', 'Pilih Tipe member ', 'unknown tier'],
    ['sisi', '', 'Pilih Sisi ', 'no side (trailing space)'],
    ['sisi', 'X', 'Pilih Sisi ', 'unknown side'],
    ['id_propinsi_domisili', '', 'Pilih propinsi domisili', 'no province'],
    ['id_kota_domisili', '', 'Pilih kabupaten / kota domisili', 'no city'],
    ['id_kota_domisili', '31.74', 'Pilih kabupaten / kota domisili', 'a city of another province'],
    ['tgl_lahir', '', 'Tanggal lahir tidak valid', 'empty'],
    ['tgl_lahir', '1990-02-30', 'Tanggal lahir tidak valid', 'no such day'],
    ['tgl_lahir', '2999-01-01', 'Tanggal lahir tidak valid', 'in the future'],
    ['jenis_kelamin', '', 'Pilih jenis kelamin', 'empty'],
    ['status_kawin', '', 'Pilih Status', 'empty'],
    ['agama', 'JEDI', 'Pilih Agama', 'not in the list'],
    ['alamat', '', memberMessages.alamat, 'empty'],
    ['kelurahan_id', '35.71.01.1001', memberMessages.wilayah, 'a village outside the district'],
    ['kode_pos', '6024', 'Kode pos harus terdiri dari 5 digit angka', '4 digits'],
  ] as const)('%s = %j → %j (%s)', (field, value, message, _why) => {
    const payload = { ...valid, [field]: value };
    expect(memberFieldErrors(payload)[field]).toBe(message);
    // The zod schema the server uses gives the same message for the same field.
    expect(memberStepErrors(payload)[field]).toBe(message);
    expect(MemberStepSchema.safeParse(payload).success).toBe(false);
  });

  it('reports every missing field of an empty form at once', () => {
    expect(Object.keys(memberStepErrors({})).sort()).toEqual(
      Object.keys(valid)
        .filter((k) => k !== 'negara')
        .sort(),
    );
  });

  it("uses the profile's lists and words (spec/000 §5)", () => {
    expect(AGAMA).toEqual(PROFILE_AGAMA);
    expect(STATUS_KAWIN).toEqual(PROFILE_STATUS_KAWIN);
    expect(memberMessages.nomorIdentitas).toBe(accountMessages.nomorIdentitas);
    expect(memberMessages.namaChars).toBe(accountMessages.namaChars);
    expect(memberMessages.phone628).toBe(accountMessages.phone628);
    expect(memberMessages.phoneMin).toBe(accountMessages.phoneMin);
    expect(memberMessages.phoneMax).toBe(accountMessages.phoneMax);
    expect(memberMessages.agama).toBe(accountMessages.agama);
    expect(memberMessages.statusKawin).toBe(accountMessages.statusKawin);
  });

  it('refuses a payload that is not an object', () => {
    expect(MemberStepSchema.safeParse('budi').success).toBe(false);
    expect(MemberStepSchema.safeParse(null).success).toBe(false);
  });
});
