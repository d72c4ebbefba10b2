import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, memberId, PASSWORD, test } from './fixtures';

// Generated members 280-282 belong to this file.

async function bearer(request: APIRequestContext, username: string): Promise<Record<string, string>> {
  const answer = await (await request.post('/member/login', { data: { username, password: PASSWORD } })).json();
  return { authorization: `Bearer ${answer.result.access_token}` };
}

/** A repeat order through the real calls: products, warehouse, saved address, quote, create, token. */
async function pendingOrder(request: APIRequestContext, headers: Record<string, string>) {
  const products = (await (await request.get('/member/product?jenis=repeat-order', { headers })).json()).result.rows;
  const kopi = products.find((p: { nama: string }) => p.nama === 'Kopi Herbal Ginseng');
  const details = [{ id: kopi.public_id, qty: 2 }];
  const gudang = (await (await request.post('/member/gudang', { headers, data: { carts: details, is_online_pickup: true } })).json()).result[0];
  const districts = (await (await request.post('/member/shipping-district', { headers, data: { city_id: '35.78' } })).json()).result;
  const villages = (await (await request.post('/member/shipping-subdistrict', { headers, data: { district_id: districts[0].id } })).json()).result;
  const address = (await (await request.post('/member/shipping-address', {
    headers, data: { label: 'Kantor', nama: 'Penerima Uji', phone: '081234567890', alamat: 'Jl. Uji 9', kelurahan_id: villages[0].id, kode_pos: '60111' },
  })).json()).result;
  const quote = (await (await request.post('/member/shipping-cost', {
    headers, data: { originType: 'subdistrict', kelurahan_id: villages[0].id, weight: kopi.berat * 2, gudang_id: gudang.public_id, bv: 2 },
  })).json()).result;
  const service = quote.couriers.find((c: { code: string; service: string }) => c.code === 'jne' && c.service === 'REG');
  const created = await request.post('/member/transaction', {
    headers,
    data: {
      client_ref: randomUUID(), pickup_store: false, id_gudang: gudang.public_id, id_kirim: address.public_id, biaya_kirim: service.cost,
      ekspedisi: 'jne|REG', is_asuransi: false, details, payment_method: 'bca_va', join_member: false, upgrade_member: false, is_ro: true,
    },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()).result;
  const token = (await (await request.post('/member/payment', { headers, data: { no_order: order.no_order } })).json()).result;
  return { order, token };
}

test('the payment webhook refuses a forged notification and the payment calls need a session', async ({ request }) => {
  const forged = await request.post('/payment/notification', {
    data: { order_id: 'ORD-20261122-0000001', status_code: '200', gross_amount: '100000.00', signature_key: 'x'.repeat(128), transaction_status: 'settlement' },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).message).toBe('Tanda tangan notifikasi tidak valid');
  expect((await request.post('/member/payment', { data: { no_order: 'ORD-20261122-0000001' } })).status()).toBe(401);
  expect((await request.post('/member/transaction', { data: {} })).status()).toBe(401);
});

test('the simulator pop-up pays an order through window.snap.pay, and another member cannot get its token', async ({ page, request }) => {
  const headers = await bearer(request, memberId(280));
  const { order, token } = await pendingOrder(request, headers);
  expect(token.snap_js).toBe('/pembayaran/snap.js');
  const other = await bearer(request, memberId(281));
  const refused = await request.post('/member/payment', { headers: other, data: { no_order: order.no_order } });
  expect(refused.status()).toBe(404);

  await page.goto('/signin');
  await page.addScriptTag({ url: token.snap_js });
  await page.evaluate((t) => {
    (window as unknown as { snap: { pay: (t: string, o: object) => void } }).snap.pay(t, {
      onSuccess: (r: unknown) => { document.body.dataset.snap = `success:${JSON.stringify(r)}`; },
      onClose: () => { document.body.dataset.snap = 'close'; },
    });
  }, token.token);
  const frame = page.frameLocator('iframe[title="Simulator Pembayaran"]');
  await expect(frame.getByText(order.no_order)).toBeVisible();
  await frame.getByRole('button', { name: 'Bayar (berhasil)' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-snap', /^success:.*"status_code":"200"/);
  await expect(page.locator('iframe[title="Simulator Pembayaran"]')).toHaveCount(0);

  await page.goto(`/pembayaran/simulator/${token.token}`);
  await expect(page.getByRole('definition').filter({ hasText: 'PAID' })).toBeVisible();
  const again = await request.post('/member/payment', { headers, data: { no_order: order.no_order } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Order ini tidak menunggu pembayaran online');
});

test('closing the simulator with Escape calls onClose and leaves the order unpaid', async ({ page, request }) => {
  const headers = await bearer(request, memberId(282));
  const { token } = await pendingOrder(request, headers);
  await page.goto('/signin');
  await page.addScriptTag({ url: token.snap_js });
  await page.evaluate((t) => {
    (window as unknown as { snap: { pay: (t: string, o: object) => void } }).snap.pay(t, { onClose: () => { document.body.dataset.snap = 'close'; } });
  }, token.token);
  await expect(page.frameLocator('iframe[title="Simulator Pembayaran"]').getByRole('button', { name: 'Tutup' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('body')).toHaveAttribute('data-snap', 'close');
  await page.goto(`/pembayaran/simulator/${token.token}`);
  await expect(page.getByRole('definition').filter({ hasText: 'PENDING' })).toBeVisible();
});
