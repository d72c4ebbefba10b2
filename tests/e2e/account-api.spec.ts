import type { APIRequestContext } from '@playwright/test';
import { expect, memberId, test } from './fixtures';

async function bearer(request: APIRequestContext, username: string) {
  const response = await request.post('/member/login', { data: { username, password: 'rahasia123', from: 'WEB' } });
  const body = await response.json();
  return { headers: { authorization: `Bearer ${body.result.access_token}` }, publicId: body.result.user.public_id as string };
}

test('account calls refuse bad input with an Indonesian message and change nothing', async ({ request }) => {
  const me = await bearer(request, memberId(130));
  const before = (await (await request.get('/member/account/profile', { headers: me.headers })).json()).result;
  const cases: [string, string, Record<string, unknown>, string][] = [
    [
      'PUT',
      `/member/account/rekening/${me.publicId}`,
      { nama_rekening: 'Budi', no_rekening: '12', kode_bank: '014' },
      'Nomor rekening harus terdiri dari 10 hingga 20 digit angka',
    ],
    [
      'PUT',
      `/member/account/rekening/${me.publicId}`,
      { nama_rekening: 'Budi', no_rekening: '1234567890', kode_bank: '999' },
      'Pilih bank',
    ],
    [
      'PUT',
      `/member/account/npwp/${me.publicId}`,
      { npwp: 'abc', nama_pemegang_pajak: 'Budi' },
      'NPWP harus terdiri dari 15 hingga 16 digit angka tanpa spasi',
    ],
    ['PUT', `/member/account/pewaris/${me.publicId}`, { no_mobile_pewaris: '0812' }, 'Nomor tidak valid, contoh: 62 8xx xxx xxx'],
    ['PUT', `/member/account/${me.publicId}`, { username: '', nama: 'Budi' }, 'Masukkan username'],
    ['PUT', `/member/account/set-withdrawals/${me.publicId}`, { auto_widraw: 'mungkin' }, 'Nilai auto withdraw tidak valid'],
    [
      'PUT',
      '/member/account/change-password/',
      { password_lama: 'x', password_baru: 'pendek', rpassword_baru: 'pendek' },
      'Password setidaknya 8 karakter',
    ],
    [
      'POST',
      '/member/shipping-address',
      { label: '', nama: 'A', phone: '0812', alamat: 'x', kelurahan_id: '35.78.01.1001' },
      'Masukkan label pengiriman',
    ],
    ['POST', '/member/shipping-city', { province_id: "35'; drop table members;--" }, 'Wilayah induk tidak valid'],
  ];
  for (const [method, url, data, message] of cases) {
    const response = await request.fetch(url, { method, data, headers: me.headers });
    expect(response.status(), url).toBe(400);
    expect((await response.json()).message, url).toBe(message);
  }
  const after = (await (await request.get('/member/account/profile', { headers: me.headers })).json()).result;
  expect(after).toEqual(before);
});

test('member A cannot read or change member B’s profile, bank, NPWP, heir, auto-withdraw or addresses', async ({ request }) => {
  const a = await bearer(request, memberId(131));
  const b = await bearer(request, memberId(132));
  const created = await request.post('/member/shipping-address', {
    headers: b.headers,
    data: { label: 'Rumah B', nama: 'Budi', phone: '0812345678', alamat: 'Jl. B', kelurahan_id: '35.78.01.1001' },
  });
  expect(created.status()).toBe(201);
  const addressId = (await created.json()).result.public_id;
  const bBefore = (await (await request.get('/member/account/profile', { headers: b.headers })).json()).result;

  const attempts: [string, string, Record<string, unknown>, number][] = [
    [
      'PUT',
      `/member/account/${b.publicId}`,
      { username: 'diambil', nama: 'Diambil', agama: 'ISLAM', status_kawin: 'KAWIN', propinsi_domisili: '35', kota_domisili: '35.78' },
      403,
    ],
    ['PUT', `/member/account/rekening/${b.publicId}`, { nama_rekening: 'Pencuri', no_rekening: '9999999999', kode_bank: '014' }, 403],
    ['PUT', `/member/account/npwp/${b.publicId}`, { npwp: '123456789012345', nama_pemegang_pajak: 'Pencuri' }, 403],
    ['PUT', `/member/account/pewaris/${b.publicId}`, { nama_lengkap_pewaris: 'Pencuri' }, 403],
    ['PUT', `/member/account/set-withdrawals/${b.publicId}`, { auto_widraw: true }, 403],
    ['GET', `/member/account/resend-bank-validation/${b.publicId}`, {}, 403],
    ['GET', `/member/account/resend-npwp-validation/${b.publicId}`, {}, 403],
    [
      'PUT',
      `/member/shipping-address/${addressId}`,
      { label: 'Dibajak', nama: 'A', phone: '0812345678', alamat: 'x', kelurahan_id: '35.78.01.1001' },
      404,
    ],
    ['DELETE', `/member/shipping-address/${addressId}`, {}, 404],
  ];
  for (const [method, url, data, status] of attempts) {
    const response = await request.fetch(url, {
      method,
      data: method === 'GET' || method === 'DELETE' ? undefined : data,
      headers: a.headers,
    });
    expect(response.status(), `${method} ${url}`).toBe(status);
    expect(JSON.stringify(await response.json())).not.toContain(bBefore.no_rekening ?? 'tidak-ada');
  }
  const listA = await (await request.get('/member/shipping-address', { headers: a.headers })).json();
  expect(listA.result.rows).toEqual([]);
  const bAfter = (await (await request.get('/member/account/profile', { headers: b.headers })).json()).result;
  expect(bAfter).toEqual(bBefore);
  const listB = await (await request.get('/member/shipping-address', { headers: b.headers })).json();
  expect(listB.result.rows.map((r: { label: string }) => r.label)).toEqual(['Rumah B']);
});
