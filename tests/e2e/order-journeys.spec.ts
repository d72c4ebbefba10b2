import type { Page } from '@playwright/test';
import { expect, login, memberId, test } from './fixtures';
import { pickRegion } from './region';

// Whole orders as members place them, paid in the built-in simulator. Generated members
// 260 (BRONZE) and 262 (SILVER) belong to this file.

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function openStepper(page: Page, jenis: string): Promise<void> {
  await page.goto(`/transaksi/order-transaksi/${jenis}`);
  await expect(page.getByRole('navigation', { name: 'Langkah order' })).toBeVisible();
  await expect(page.getByText('Memuat formulir…')).toHaveCount(0);
}

/**
 * Payment step: a method, the terms, BAYAR; then the detail page's own pop-up is paid. Returns
 * the total the stepper showed with the method's fee.
 */
async function payWithVirtualAccount(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Pembayaran', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pilih Metode Pembayaran' }).click();
  await page.getByRole('option', { name: /BCA Virtual Account/ }).click();
  const total = (await page.getByTestId('total-bayar').textContent())!.trim();
  await page.getByLabel('Saya menyetujui syarat dan ketentuan yang berlaku').check();
  await page.getByRole('button', { name: 'BAYAR', exact: true }).click();
  await page.waitForURL(/\/transaksi\/order-transaksi\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Menunggu Pembayaran')).toBeVisible();
  await page
    .frameLocator('iframe[title="Simulator Pembayaran"]')
    .getByRole('button', { name: 'Bayar (berhasil)' })
    .click({ timeout: 15_000 });
  await expect(page.getByText('Pembayaran berhasil')).toBeVisible({ timeout: 15_000 });
  return total;
}

test('an upgrade paid in the simulator changes the member’s rank badge', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, memberId(260));
  await openStepper(page, 'upgrade');
  await expect(page.getByTestId('posisi')).toHaveText('BRONZE');
  await page.getByRole('button', { name: 'Tambah Paket Starter', exact: true }).click();
  await expect(page.getByText('Peringkat setelah upgrade: SILVER')).toBeVisible();
  await next(page).click();
  await page.getByLabel('Ambil di tempat (pickup store)').check();
  await page.getByLabel('Gudang').selectOption({ label: 'Gudang Surabaya' });
  await next(page).click();
  await payWithVirtualAccount(page);
  // A pickup order shows its 14-day collection deadline once paid.
  await expect(page.getByText(/14 hari|Batas pengambilan/i).first()).toBeVisible();
  await openStepper(page, 'upgrade');
  await expect(page.getByTestId('posisi')).toHaveText('SILVER');
  await expect(page.getByTestId('bv-cap')).toHaveText('2');
});

test('a repeat order delivered by courier to a saved address is priced, paid and listed', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, memberId(262));
  await openStepper(page, 'repeat-order');
  await page.getByRole('button', { name: 'Tambah Madu Hutan Murni', exact: true }).click();
  await page.getByRole('button', { name: 'Tambah Madu Hutan Murni', exact: true }).click();
  await next(page).click();
  await page.getByLabel('Dikirim (kurir)').check();
  await page.getByLabel('Gudang').selectOption({ label: 'Gudang Jakarta' });
  await page.getByRole('button', { name: 'Pilih Alamat' }).click();
  await page.getByRole('dialog', { name: 'Pilih Alamat Pengiriman' }).getByRole('button', { name: 'Tambah Alamat' }).click();
  const modal = page.getByRole('dialog', { name: 'Tambah Alamat' });
  await modal.getByLabel('Label').fill('Kantor');
  await modal.getByLabel('Nama Penerima').fill('Penerima Repeat');
  await modal.getByLabel('Nomor Telepon').fill('081234567891');
  await pickRegion(modal.getByRole('combobox', { name: 'Provinsi' }), 'Jawa Timur');
  await pickRegion(modal.getByRole('combobox', { name: 'Kota/Kabupaten' }), 'Kota Surabaya');
  await pickRegion(modal.getByRole('combobox', { name: 'Kecamatan' }));
  await pickRegion(modal.getByRole('combobox', { name: 'Kelurahan' }));
  await modal.getByLabel('Alamat Lengkap').fill('Jl. Repeat 2');
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('alamat-terpilih')).toContainText('Penerima Repeat');
  await page.getByLabel('Ekspedisi').selectOption({ label: 'JNE' });
  await page.getByRole('radio', { name: /REG/ }).check();
  await next(page).click();
  const total = await payWithVirtualAccount(page);
  // The detail shows the amount the stepper showed: the server priced it the same way.
  await expect(page.locator('main')).toContainText(total);
  await expect(page.locator('main')).toContainText('Penerima Repeat');
  const noOrder = (await page
    .locator('main')
    .getByText(/^ORD-\d{8}-\d{7}$/)
    .first()
    .textContent())!.trim();
  await page.goto('/transaksi/order-transaksi');
  await expect(page.getByRole('row').filter({ hasText: noOrder })).toContainText('PAID');
});
