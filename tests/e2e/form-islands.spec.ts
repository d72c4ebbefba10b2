import { axeViolations } from './axe';
import { expect, memberId, signIn, test } from './fixtures';
import { hydrated, pickRegion } from './region';

/**
 * The form islands of issue #16: the region combobox (keyboard, postal code from the village or
 * typed), the shared address book between /account/address and the stepper, and the pages read
 * without JavaScript. Members 276..278 are this file's own.
 */
test('the region combobox: type to filter, arrows and Enter choose, Esc puts back; the postal code comes from the village', async ({
  page,
}) => {
  await signIn(page, memberId(276));
  await page.goto('/account/address');
  await hydrated(page, 'AddressBook');
  await page.getByRole('button', { name: 'Tambah Alamat' }).click();
  const dialog = page.locator('#dlg-alamat');
  const provinsi = dialog.getByRole('combobox', { name: 'Provinsi' });
  await provinsi.focus();
  await provinsi.pressSequentially('jawa');
  await expect(provinsi).toHaveAttribute('aria-expanded', 'true');
  const options = dialog.locator('#a-prov-list [role=option]');
  await expect(options).toHaveText(['Jawa Barat', 'Jawa Tengah', 'Jawa Timur']);
  // The open popup passes axe (WCAG 2.1 AA and best practices) inside the modal.
  const violations = await axeViolations(page, { include: '#dlg-alamat' });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await provinsi.press('ArrowDown');
  await provinsi.press('ArrowDown');
  await expect(provinsi).toHaveAttribute('aria-activedescendant', 'a-prov-list-35');
  await provinsi.press('Enter');
  await expect(provinsi).toHaveValue('Jawa Timur');
  await expect(provinsi).toHaveAttribute('aria-expanded', 'false');

  const kota = dialog.getByRole('combobox', { name: 'Kota/Kabupaten' });
  await expect(kota).toHaveAttribute('placeholder', 'Ketik untuk mencari'); // its list has loaded
  await kota.focus();
  await kota.pressSequentially('surab');
  await expect(dialog.locator('#a-kota-list [role=option]')).toHaveText(['Kota Surabaya']);
  await kota.press('Enter');
  await expect(kota).toHaveValue('Kota Surabaya');
  // Esc leaves the choice as it was.
  await kota.fill('xyz');
  await kota.press('Escape');
  await expect(kota).toHaveValue('Kota Surabaya');

  const kecamatan = dialog.getByRole('combobox', { name: 'Kecamatan' });
  await expect(kecamatan).toHaveAttribute('placeholder', 'Ketik untuk mencari'); // its list has loaded
  await kecamatan.focus();
  await kecamatan.pressSequentially('gubeng');
  await kecamatan.press('Enter');
  const kelurahan = dialog.getByRole('combobox', { name: 'Kelurahan' });
  await expect(kelurahan).toHaveAttribute('placeholder', 'Ketik untuk mencari'); // its list has loaded
  await kelurahan.focus();
  await kelurahan.pressSequentially('airl');
  await kelurahan.press('Enter');
  await expect(kelurahan).toHaveValue('Airlangga');
  await expect(dialog.getByLabel('Kode Pos')).toHaveValue('60286');
  await expect(dialog.getByLabel('Kode Pos')).toHaveAttribute('readonly', '');
  // Another province clears every level below it and the postal code.
  await pickRegion(provinsi, 'Jawa Barat');
  await expect(kota).toHaveValue('');
  await expect(kelurahan).toHaveValue('');
  await expect(dialog.getByLabel('Kode Pos')).toHaveValue('');
});

test('a village without a known postal code takes a typed one, 5 digits; the stepper picks the address', async ({ page }) => {
  await signIn(page, memberId(277));
  await page.goto('/account/address');
  await hydrated(page, 'AddressBook');
  await page.getByRole('button', { name: 'Tambah Alamat' }).click();
  const dialog = page.locator('#dlg-alamat');
  await dialog.getByLabel('Label').fill('Sabang');
  await dialog.getByLabel('Nama Penerima').fill('Penerima Sabang');
  await dialog.getByLabel('Nomor Telepon').fill('081211112222');
  await pickRegion(dialog.getByRole('combobox', { name: 'Provinsi' }), 'Aceh');
  await pickRegion(dialog.getByRole('combobox', { name: 'Kota/Kabupaten' }), 'Kota Sabang');
  await pickRegion(dialog.getByRole('combobox', { name: 'Kecamatan' }), 'Sukamakmue');
  await pickRegion(dialog.getByRole('combobox', { name: 'Kelurahan' }), 'Iboih');
  const kodePos = dialog.getByLabel('Kode Pos');
  await expect(kodePos).toHaveValue('');
  await expect(kodePos).not.toHaveAttribute('readonly', '');
  await kodePos.fill('235');
  await kodePos.blur();
  await expect(dialog.locator('#a-kodepos-error')).toHaveText('Kode pos harus terdiri dari 5 digit angka');
  await dialog.getByLabel('Alamat Lengkap').fill('Jl. Pantai 1');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.locator('#a-kodepos-error')).toHaveText('Kode pos harus terdiri dari 5 digit angka');
  await kodePos.fill('23521');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('.address-card', { hasText: 'Sabang' })).toContainText('23521');
  await page.reload();
  await expect(page.locator('.address-card', { hasText: 'Sabang' })).toContainText('23521');

  // The same address book in the order stepper's picker.
  await page.goto('/transaksi/order-transaksi/repeat-order');
  await expect(page.getByText('Memuat formulir…')).toHaveCount(0);
  await page.getByRole('button', { name: 'Tambah Kopi Herbal Ginseng', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Dikirim (kurir)').check();
  await page.getByRole('button', { name: 'Pilih Alamat' }).click();
  const picker = page.getByRole('dialog', { name: 'Pilih Alamat Pengiriman' });
  await picker.locator('.address-option', { hasText: 'Sabang' }).click();
  await expect(page.getByTestId('alamat-terpilih')).toContainText('23521');
});

test('without JavaScript the address page lists the addresses and its form opens by link', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, 'demosilver');
  await page.goto('/account/address');
  await expect(page.getByRole('heading', { name: 'Alamat yang sudah tersimpan' })).toBeVisible();
  const cards = page.locator('.address-card');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('button', { name: 'Tambah Alamat' }).click();
  await expect(page).toHaveURL(/\?add=1/);
  // The region cascade is a plain select before the island runs.
  await expect(page.locator('#dlg-alamat-form select#provinsi_id option', { hasText: 'Jawa Timur' })).toHaveCount(1);
  await expect(page.locator('#dlg-alamat-form').getByRole('button', { name: 'Simpan' })).toBeVisible();
  await context.close();
});
