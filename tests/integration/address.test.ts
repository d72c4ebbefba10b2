import { describe, expect, it } from 'vitest';
import { AddressSchema } from '../../src/lib/schemas/address';
import { listAddresses } from '../../src/server/services/address/list-addresses';
import { deleteAddress, saveAddress } from '../../src/server/services/address/save-address';
import { listCities, listDistricts, listProvinces, listVillages } from '../../src/server/services/regions/list-regions';
import { memberId, sessionOf } from './helpers';

const address = (label: string, kelurahan_id: string, extra: Record<string, unknown> = {}) =>
  AddressSchema.parse({ label, nama: 'Siti Uji', phone: '0812 3456 7890', alamat: 'Jl. Mawar 1', kelurahan_id, ...extra });

describe('region cascade (idn-area-data)', () => {
  it('walks province → city → district → village by Kemendagri codes', async () => {
    const provinces = await listProvinces();
    expect(provinces).toHaveLength(38);
    const jatim = provinces.find((p) => p.name === 'Jawa Timur')!;
    const surabaya = (await listCities(jatim.id)).find((c) => c.name === 'Kota Surabaya')!;
    expect(surabaya.id).toBe('35.78');
    const districts = await listDistricts(surabaya.id);
    expect(districts.length).toBeGreaterThan(20);
    const villages = await listVillages(districts[0]!.id);
    expect(villages.every((v) => v.id.startsWith(`${districts[0]!.id}.`))).toBe(true);
  });
});

describe('postal codes (src/server/data/kodepos-desa.csv)', () => {
  it('every village of a listed district carries its postal code; a village without one has null', async () => {
    const karangPilang = await listVillages('35.78.01');
    expect(karangPilang.find((v) => v.id === '35.78.01.1001')).toMatchObject({ name: 'Karang Pilang', zip_code: '60221' });
    expect(karangPilang.every((v) => /^\d{5}$/.test(v.zip_code ?? ''))).toBe(true);
    // Kota Sabang's Sukamakmue (a district made after 2017) is not in the data set.
    const sukamakmue = await listVillages('11.72.03');
    expect(sukamakmue.length).toBeGreaterThan(0);
    expect(sukamakmue.every((v) => v.zip_code === null)).toBe(true);
  });

  it('a saved address takes its village’s postal code; one without keeps the typed 5 digits', async () => {
    const me = await sessionOf(memberId(118));
    const known = await saveAddress(me, undefined, address('Surabaya', '35.78.01.1001', { kode_pos: '99999' }));
    const typed = await saveAddress(me, undefined, address('Sabang', '11.72.03.2001', { kode_pos: '23521' }));
    const blank = await saveAddress(me, undefined, address('Tanpa', '11.72.03.2001'));
    const rows = await listAddresses(me);
    const of = (id: string) => rows.find((r) => r.public_id === id)!.kode_pos;
    expect([of(known.public_id), of(typed.public_id), of(blank.public_id)]).toEqual(['60221', '23521', null]);
    expect(
      AddressSchema.safeParse({
        label: 'X',
        nama: 'Y',
        phone: '0812',
        alamat: 'Z',
        kelurahan_id: '11.72.03.2001',
        kode_pos: '235',
      }).error!.issues.map((i) => i.message),
    ).toEqual(['Kode pos harus terdiri dari 5 digit angka']);
  });
});

describe('address book', () => {
  it('the first address becomes the default; a new default replaces it; deleting the default promotes the next', async () => {
    const me = await sessionOf(memberId(110));
    const village = (await listVillages('35.78.01'))[0]!.id;
    const first = await saveAddress(me, undefined, address('Rumah', village));
    const second = await saveAddress(me, undefined, address('Kantor', village, { is_default: true, kode_pos: '60111' }));
    let rows = await listAddresses(me);
    expect(rows.map((r) => [r.label, r.is_default])).toEqual([
      ['Kantor', true],
      ['Rumah', false],
    ]);
    expect(rows[0]!.phone).toBe('081234567890');
    // The village has a postal code in kodepos-desa.csv: it wins over the typed one.
    expect(rows[0]).toMatchObject({
      kota: 'Kota Surabaya',
      provinsi: 'Jawa Timur',
      kode_pos: (await listVillages('35.78.01'))[0]!.zip_code,
    });
    await saveAddress(me, first.public_id, address('Rumah Baru', village));
    await deleteAddress(me, second.public_id);
    rows = await listAddresses(me);
    expect(rows.map((r) => [r.label, r.is_default])).toEqual([['Rumah Baru', true]]);
  });

  it('messages of spec/001 §5 and an unknown village are refused', async () => {
    const parsed = AddressSchema.safeParse({ label: '', nama: '', phone: '', alamat: '', kelurahan_id: '' });
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Masukkan label pengiriman',
        'Masukkan nama penerima',
        'Masukkan nomor telepon',
        'Alamat lengkap pengiriman tidak boleh kosong',
      ]),
    );
    const me = await sessionOf(memberId(111));
    await expect(saveAddress(me, undefined, address('X', '99.99.99.9999'))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await listAddresses(me)).toEqual([]);
  });

  it('member A can neither change nor delete member B’s address', async () => {
    const a = await sessionOf(memberId(112));
    const b = await sessionOf(memberId(113));
    const village = (await listVillages('35.78.01'))[0]!.id;
    const mine = await saveAddress(b, undefined, address('Rumah B', village));
    await expect(saveAddress(a, mine.public_id, address('Dibajak', village))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(deleteAddress(a, mine.public_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listAddresses(b)).map((r) => r.label)).toEqual(['Rumah B']);
    expect(await listAddresses(a)).toEqual([]);
  });
});
