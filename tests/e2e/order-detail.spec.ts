import type { Page } from '@playwright/test';
import { expect, login, memberId, signIn, test } from './fixtures';

// Showcase members of the demo (src/server/db/seed/orders.ts SHOWCASE_MEMBERS): 270 only read,
// 271 finishes its RECEIVED order, 272 pays its PENDING virtual-account order.
const SHOWCASE = memberId(270);
const MARK_DONE = memberId(271);
const PAYER = memberId(272);
const LIST = '/transaksi/order-transaksi';

/** Opens the first order of the list with that status and returns its detail URL. */
async function openOrder(page: Page, status: string, text?: string): Promise<string> {
  await page.goto(`${LIST}?status=${status}`);
  const row = text ? page.locator('tbody tr', { hasText: text }).first() : page.locator('tbody tr').first();
  await row.locator('a.row-link').click();
  await expect(page).toHaveURL(/\/detail\//);
  return new URL(page.url()).pathname;
}

test('a delivered order shows payment, delivery, items in kg, fees and history, and its tracking manifest in a dialog', async ({
  page,
}) => {
  await login(page, SHOWCASE);
  await openOrder(page, 'DELIVERY', 'Repeat Order');
  await expect(page.locator('#payment-label')).toHaveText('Pembayaran berhasil');
  await expect(page.locator('#no-invoice')).toHaveText(/^INV-/);
  await expect(page.locator('#totals')).toContainText('Biaya Jasa Aplikasi');
  await expect(page.locator('#items')).toContainText(/\d kg/);
  await expect(page.locator('#history')).toContainText('User');
  await expect(page.locator('#history')).toContainText('Admin Gudang');
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pesanan Selesai' })).toHaveCount(0);
  const resi = (await page.locator('#no-resi').innerText()).trim();
  expect(resi).not.toBe('-');

  await page.getByRole('button', { name: 'Lacak Pengiriman' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lacak Pengiriman' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(resi);
  await expect(dialog.locator('tbody tr').first()).toContainText('Paket diserahkan ke kurir');
  await expect(dialog.locator('tbody tr')).toHaveCount(2);
  // Each event's day in Indonesian, as on the returns page ("24 November 2026"), not ISO.
  await expect(dialog.locator('td[data-label="Tanggal"]').first()).toHaveText(
    /^\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}$/,
  );
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(dialog).toBeHidden();

  // On paper: the order without the menu and the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Lacak Pengiriman' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(page.locator('#items')).toBeVisible();
  await expect(page.locator('#history')).toBeVisible();
});

test('pending orders: the virtual account and its deadline with a pay-now button; transfer BCA shows the account and no button', async ({
  page,
}) => {
  await login(page, SHOWCASE);
  await page.route('**/member/payment', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Pembayaran sedang tidak tersedia' } }),
  );
  await openOrder(page, 'PENDING', 'Rp 114.440');
  await expect(page.locator('#payment-label')).toHaveText('Menunggu Pembayaran');
  await expect(page.locator('#no-invoice')).toHaveCount(0);
  await expect(page.locator('#va-number')).toHaveText(/^\d{10,}$/);
  await expect(page.locator('#expires-at')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toBeVisible();

  await page.goto(`${LIST}?status=PENDING`);
  const transfer = page.locator('tbody tr').filter({ hasNotText: 'Rp 114.440' }).first();
  await transfer.locator('a.row-link').click();
  await expect(page.locator('#bca-account')).toBeVisible();
  await expect(page.locator('#payment-info')).toContainText('Transfer BCA');
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toHaveCount(0);
});

test('a received order is marked done after confirming with Proses', async ({ page }) => {
  await login(page, MARK_DONE);
  await openOrder(page, 'RECEIVED');
  await expect(page.locator('#order-status')).toHaveText('RECEIVED');
  await page.getByRole('button', { name: 'Pesanan Selesai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konfirmasi' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Proses' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order telah diselesaikan' })).toBeVisible();
  await expect(page.locator('#order-status')).toHaveText('DONE');
  await expect(page.locator('#history tbody tr').last()).toContainText('DONE');
  await expect(page.locator('#history tbody tr').last()).toContainText('User');
  await expect(page.getByRole('button', { name: 'Pesanan Selesai' })).toHaveCount(0);
  // Still trackable once done (a shipped order; a pickup order has nothing to track).
  const pickup = await page.getByText('Ambil di tempat (pickup store)').count();
  await expect(page.getByRole('button', { name: 'Lacak Pengiriman' })).toHaveCount(pickup ? 0 : 1);
});

test('another member’s order is a 404 page, and its API calls are 404s that change nothing', async ({ page }) => {
  await login(page, SHOWCASE);
  const theirs = await openOrder(page, 'RECEIVED', 'Repeat Order');
  const publicId = theirs.split('/').pop()!;
  const resi = (await page.locator('#no-resi').innerText()).trim();
  await page.context().clearCookies();

  await login(page, PAYER);
  const response = await page.goto(theirs);
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found')).toBeVisible();
  expect((await page.request.get(`/member/transaction/${publicId}`)).status()).toBe(404);
  expect(
    (await page.request.post('/member/shipping-waybill', { data: { public_id: publicId, waybill: resi, courier: 'jne' } })).status(),
  ).toBe(404);
  expect((await page.request.get(`/member/transaction/process-selesai/${publicId}`)).status()).toBe(404);
  expect((await page.request.post(theirs, { form: { action: 'selesai' } })).status()).toBe(404);

  await page.context().clearCookies();
  await signIn(page, SHOWCASE);
  await page.goto(theirs);
  await expect(page.locator('#order-status')).toHaveText('RECEIVED');
});

test('a pending virtual-account order opens the payment pop-up by itself; paying it reloads the order as paid', async ({ page }) => {
  await login(page, PAYER);
  const detail = await openOrder(page, 'PENDING', 'Rp');
  await expect(page.locator('#payment-label')).toHaveText('Menunggu Pembayaran');
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toBeVisible();
  // No click: the pop-up asks for its token and opens after 2 s (the timing itself is unit-tested).
  const token = await page.waitForResponse((r) => r.url().endsWith('/member/payment') && r.request().method() === 'POST', {
    timeout: 20_000,
  });
  expect(token.status()).toBe(200);
  const popup = page.getByRole('dialog', { name: 'Pembayaran' });
  await expect(popup).toBeVisible();
  const orderId = detail.split('/').pop()!;
  expect(await page.evaluate((id) => sessionStorage.getItem(`portal:pay:auto:${id}`), orderId)).toBe('1');
  await page.frameLocator('iframe[title="Simulator Pembayaran"]').getByRole('button', { name: 'Bayar (berhasil)' }).click();
  // The result reloads the page, which shows what the webhook recorded.
  await expect(page.locator('#payment-label')).toHaveText('Pembayaran berhasil');
  await expect(page.locator('#order-status')).toHaveText('PAID');
  await expect(page.locator('#no-invoice')).toHaveText(/^INV-/);
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toHaveCount(0);
});
