import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PASSWORD } from './fixtures';

/** A member's bearer headers through the real /member/login. */
export async function bearer(request: APIRequestContext, username: string): Promise<Record<string, string>> {
  const answer = await (await request.post('/member/login', { data: { username, password: PASSWORD } })).json();
  return { authorization: `Bearer ${answer.result.access_token}` };
}

/**
 * A repeat order through the member's real calls: products, warehouse, a new saved address (its
 * recipient named by the caller), quote, create, payment token. The order is PENDING.
 */
export async function pendingOrder(
  request: APIRequestContext,
  headers: Record<string, string>,
  recipient = { label: 'Kantor', nama: 'Penerima Uji', alamat: 'Jl. Uji 9' },
) {
  const products = (await (await request.get('/member/product?jenis=repeat-order', { headers })).json()).result.rows;
  const kopi = products.find((p: { nama: string }) => p.nama === 'Kopi Herbal Ginseng');
  const details = [{ id: kopi.public_id, qty: 2 }];
  const gudang = (await (await request.post('/member/gudang', { headers, data: { carts: details, is_online_pickup: true } })).json())
    .result[0];
  const districts = (await (await request.post('/member/shipping-district', { headers, data: { city_id: '35.78' } })).json()).result;
  const villages = (await (await request.post('/member/shipping-subdistrict', { headers, data: { district_id: districts[0].id } })).json())
    .result;
  const address = (
    await (
      await request.post('/member/shipping-address', {
        headers,
        data: { ...recipient, phone: '081234567890', kelurahan_id: villages[0].id, kode_pos: '60111' },
      })
    ).json()
  ).result;
  const quote = (
    await (
      await request.post('/member/shipping-cost', {
        headers,
        data: { originType: 'subdistrict', kelurahan_id: villages[0].id, weight: kopi.berat * 2, gudang_id: gudang.public_id, bv: 2 },
      })
    ).json()
  ).result;
  const service = quote.couriers.find((c: { code: string; service: string }) => c.code === 'jne' && c.service === 'REG');
  const created = await request.post('/member/transaction', {
    headers,
    data: {
      client_ref: randomUUID(),
      pickup_store: false,
      id_gudang: gudang.public_id,
      id_kirim: address.public_id,
      biaya_kirim: service.cost,
      ekspedisi: 'jne|REG',
      is_asuransi: false,
      details,
      payment_method: 'bca_va',
      join_member: false,
      upgrade_member: false,
      is_ro: true,
    },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()).result;
  const token = (await (await request.post('/member/payment', { headers, data: { no_order: order.no_order } })).json()).result;
  return { order, token };
}

/** A repeat order placed through the member's real calls and paid in the simulator: PAID, shipped by courier. */
export async function paidOrder(
  page: Page,
  username: string,
  recipient = { label: 'Rumah', nama: 'Penerima Gudang', alamat: 'Jl. Gudang 7' },
): Promise<{ no_order: string; public_id: string }> {
  const headers = await bearer(page.request, username);
  const { order, token } = await pendingOrder(page.request, headers, recipient);
  await page.goto(`/pembayaran/simulator/${token.token}`);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/pembayaran/simulator/')),
    page.getByRole('button', { name: 'Bayar (berhasil)' }).click(),
  ]);
  await page.goto(`/pembayaran/simulator/${token.token}`);
  await expect(page.getByRole('definition').filter({ hasText: 'PAID' })).toBeVisible();
  return { no_order: order.no_order, public_id: order.public_id };
}
