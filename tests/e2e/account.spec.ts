import type { Page } from '@playwright/test';
import { expect, login, memberId, signIn, test } from './fixtures';
import { hydrated, pickRegion } from './region';

/** Opens the newest outbox mail to `email` and follows its link. */
async function followMailLink(page: Page, email: string): Promise<void> {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.locator('article.mail').first().locator('a.mail-link').click();
}

test('the profile checks fields on blur and on submit with the spec’s messages', async ({ page }) => {
  await signIn(page, memberId(120));
  await page.goto('/account/profile');
  const nama = page.getByLabel('Nama Lengkap', { exact: true });
  await nama.fill('');
  await nama.blur();
  await expect(page.locator('#nama-error')).toHaveText('Masukkan nama lengkap');
  await nama.fill('Budi 2');
  await nama.blur();
  await expect(page.locator('#nama-error')).toHaveText('Nama lengkap hanya boleh terdiri dari huruf dan spasi');
  await page.getByLabel('Nomor Identitas (KTP)').fill('12a34');
  await expect(page.getByLabel('Nomor Identitas (KTP)')).toHaveValue('1234');
  await page.getByLabel('Nomor Identitas (KTP)').blur();
  await expect(page.locator('#nomor_identitas-error')).toHaveText('Nomor harus diisi 16 digit');
  await page.getByLabel('Agama').selectOption('');
  await page.getByRole('button', { name: 'Simpan' }).first().click();
  await expect(page.locator('#agama-error')).toHaveText('Pilih Agama');
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test('a valid profile change is saved, shown after reload, and returns to the fallback', async ({ page }) => {
  await signIn(page, memberId(121));
  await page.goto('/account/profile?field=domisili&fallback=%2Fnews%2Finformasi');
  await expect(page.getByText('Lengkapi data domisili saat ini!')).toBeVisible();
  await expect(page.getByLabel('Propinsi Domisili')).toBeFocused();
  await page.getByLabel('Nama Lengkap', { exact: true }).fill('Rina Setiawati');
  await hydrated(page, 'RegionPicker');
  await page.locator('#domisili').scrollIntoViewIfNeeded();
  await expect(page.locator('input#propinsi_domisili')).toBeVisible();
  await pickRegion(page.getByRole('combobox', { name: 'Propinsi Domisili' }), 'Jawa Timur');
  // Changing the province clears the city and loads its cities.
  await expect(page.getByRole('combobox', { name: 'Kota/Kabupaten Domisili' })).toHaveValue('');
  await pickRegion(page.getByRole('combobox', { name: 'Kota/Kabupaten Domisili' }), 'Kota Surabaya');
  await page.getByRole('button', { name: 'Simpan' }).first().click();
  await expect(page).toHaveURL('/news/informasi');
  await expect(page.getByRole('status').filter({ hasText: 'Data member berhasil diperbarui' })).toBeVisible();
  await page.goto('/account/profile');
  await expect(page.getByLabel('Nama Lengkap', { exact: true })).toHaveValue('Rina Setiawati');
  await page.locator('#domisili').scrollIntoViewIfNeeded();
  await expect(page.locator('input#kota_domisili')).toHaveValue('Kota Surabaya');
});

test('bank edit → e-mailed link → Verifikasi Berhasil and a VERIFIED badge; the used link fails', async ({ page }) => {
  await signIn(page, memberId(122));
  await page.goto('/account/profile');
  const card = page.locator('#rekening');
  await card.getByRole('button', { name: 'Ubah' }).click();
  const dialog = page.locator('#dlg-rekening');
  await expect(dialog.getByText('tanggung jawab Anda')).toBeVisible();
  await dialog.getByLabel('Nomor Rekening').fill('123');
  await dialog.getByLabel('Nomor Rekening').blur();
  await expect(dialog.locator('#no_rekening-error')).toHaveText('Nomor rekening harus terdiri dari 10 hingga 20 digit angka');
  await dialog.getByLabel('Bank', { exact: true }).selectOption('009');
  await dialog.getByLabel('Nama Pemilik Rekening').fill('Budi Santoso');
  await dialog.getByLabel('Nomor Rekening').fill('0987654321');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(card.locator('.badge')).toHaveText('UNVERIFIED');
  await expect(card).toContainText('BANK BNI');
  const email = await page.getByLabel('Email').inputValue();
  await followMailLink(page, email);
  await expect(page.getByText('Verifikasi Berhasil')).toBeVisible();
  const used = page.url();
  await page.goto('/account/profile');
  await expect(page.locator('#rekening .badge')).toHaveText('VERIFIED');
  await page.goto(used);
  await expect(page.getByText('Verifikasi Gagal')).toBeVisible();
  await page.goto('/verifikasi-bank/bukan-token-asli');
  await expect(page.getByText('Verifikasi Gagal')).toBeVisible();
});

test('auto withdraw asks first: Tutup reverts the switch, Ya saves it', async ({ page }) => {
  await signIn(page, memberId(123));
  await page.goto('/account/profile');
  const toggle = page.locator('#auto-withdraw-switch');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const dialog = page.locator('#dlg-auto-withdraw');
  await expect(dialog.getByText('Klik YA jika anda yakin untuk mengaktifkan/menonaktifkan auto withdraw !')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await dialog.getByRole('button', { name: 'Ya' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Auto withdraw diaktifkan' })).toBeVisible();
  await expect(page.locator('#auto-withdraw-switch')).toBeChecked();
});

test('change password: wrong old password, mismatch, then success', async ({ page }) => {
  await login(page, memberId(124));
  await page
    .getByRole('button', { name: /menu akun/ })
    .or(page.locator('#user-menu summary'))
    .first()
    .click();
  await page.getByRole('link', { name: 'Ubah Password' }).click();
  await page.getByLabel('Password lama').fill('bukan-password');
  await page.getByLabel('Password baru', { exact: true }).fill('passwordbaru9');
  await page.getByLabel('Ulangi password baru').fill('passwordbaru8');
  await page.getByLabel('Ulangi password baru').blur();
  await expect(page.locator('#rpassword_baru-error')).toHaveText('Password tidak sama');
  await page.getByLabel('Ulangi password baru').fill('passwordbaru9');
  await page.getByRole('button', { name: 'Ubah Password' }).click();
  await expect(page.locator('#password_lama-error')).toHaveText('Password lama salah');
  await page.getByLabel('Password lama').fill('rahasia123');
  await page.getByLabel('Password baru', { exact: true }).fill('passwordbaru9');
  await page.getByLabel('Ulangi password baru').fill('passwordbaru9');
  await page.getByRole('button', { name: 'Ubah Password' }).click();
  await expect(page.getByText('Password telah berhasil diubah.')).toBeVisible();
  await page.locator('#password-changed').getByRole('button', { name: 'Tutup' }).click();
  await expect(page.getByText('Password telah berhasil diubah.')).toHaveCount(0);
});

test("change password refuses a password too easy to guess, before submit and from the server, in the spec's tone", async ({
  page,
  browser,
}) => {
  await signIn(page, memberId(226));
  await page.goto('/account/change-password');
  const field = page.getByLabel('Password baru', { exact: true });
  await field.fill('rahasia123');
  await field.press('Tab');
  await expect(page.locator('#password_baru-error')).toHaveText('Password terlalu mudah ditebak');
  await page.getByLabel('Password lama').fill('rahasia123');
  await page.getByLabel('Ulangi password baru').fill('rahasia123');
  await page.getByRole('button', { name: 'Ubah Password' }).click();
  await expect(page.locator('#password_baru-error')).toHaveText('Password terlalu mudah ditebak');
  await expect(page.getByText('Password telah berhasil diubah.')).toHaveCount(0);

  // Without JavaScript the server answers with the same words under the field and changes nothing.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await signIn(noJs, memberId(226));
  await noJs.goto('/account/change-password');
  await noJs.getByLabel('Password lama').fill('rahasia123');
  await noJs.getByLabel('Password baru', { exact: true }).fill('Password2024!');
  await noJs.getByLabel('Ulangi password baru').fill('Password2024!');
  await noJs.getByRole('button', { name: 'Ubah Password' }).click();
  await expect(noJs.locator('#password_baru-error')).toHaveText('Password terlalu mudah ditebak');
  await expect(noJs.getByText('Password telah berhasil diubah.')).toHaveCount(0);
  await plain.close();
});

test('address book: add with the cascade, edit, make default, delete; the bell follows', async ({ page }) => {
  test.slow();
  await signIn(page, memberId(125));
  await page.goto('/account/address');
  await expect(page.getByRole('heading', { name: 'Alamat yang sudah tersimpan' })).toBeVisible();
  await page.locator('#bell summary').click();
  await expect(page.locator('#bell')).toContainText('Alamat pengiriman belum ada');
  await page.locator('#bell summary').click();
  await hydrated(page, 'AddressBook');
  await page.getByRole('button', { name: 'Tambah Alamat' }).click();
  const dialog = page.locator('#dlg-alamat');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.locator('#a-label-error')).toHaveText('Masukkan label pengiriman');
  await expect(dialog.locator('#a-alamat-error')).toHaveText('Alamat lengkap pengiriman tidak boleh kosong');
  await dialog.getByLabel('Label').fill('Rumah');
  // Each error clears as its field becomes valid; the others stay until they are.
  await expect(dialog.locator('#a-label-error')).toBeEmpty();
  await expect(dialog.locator('#a-alamat-error')).toHaveText('Alamat lengkap pengiriman tidak boleh kosong');
  await dialog.getByLabel('Nama Penerima').fill('Siti Rahma');
  await dialog.getByLabel('Nomor Telepon').fill('081234567890');
  await pickRegion(dialog.getByRole('combobox', { name: 'Provinsi' }), 'Jawa Timur');
  await pickRegion(dialog.getByRole('combobox', { name: 'Kota/Kabupaten' }), 'Kota Surabaya');
  await pickRegion(dialog.getByRole('combobox', { name: 'Kecamatan' }), 'Gubeng');
  await pickRegion(dialog.getByRole('combobox', { name: 'Kelurahan' }), 'Airlangga');
  // The village's postal code comes from kodepos-desa.csv and is not typed.
  await expect(dialog.getByLabel('Kode Pos')).toHaveValue('60286');
  await expect(dialog.getByLabel('Kode Pos')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Alamat Lengkap').fill('Jl. Mawar No. 1');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  const card = page.locator('.address-card', { hasText: 'Rumah' });
  await expect(card).toContainText('Default');
  await expect(card).toContainText('Kota Surabaya');
  await expect(card).toContainText('60286');
  await expect(page.locator('#bell')).not.toContainText('Alamat pengiriman belum ada');

  await card.getByRole('link', { name: /Ubah alamat/ }).click();
  await expect(page.getByLabel('Jadikan alamat default')).toHaveCount(0);
  await page.locator('#dlg-alamat').getByLabel('Label').fill('Rumah Ibu');
  await page.locator('#dlg-alamat').getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('.address-card', { hasText: 'Rumah Ibu' })).toBeVisible();

  await page
    .locator('.address-card', { hasText: 'Rumah Ibu' })
    .getByRole('link', { name: /Ubah alamat/ })
    .click();
  // Edit mode closes without a change too.
  await page.locator('#dlg-alamat').getByRole('button', { name: 'Tutup' }).click();
  await expect(page.locator('#dlg-alamat')).toBeHidden();
  await page
    .locator('.address-card', { hasText: 'Rumah Ibu' })
    .getByRole('link', { name: /Ubah alamat/ })
    .click();
  // Deleting asks first: Batal keeps the address.
  await page.locator('#dlg-alamat').getByRole('button', { name: 'Hapus' }).click();
  await page.locator('#dlg-alamat').getByRole('button', { name: 'Batal' }).click();
  await expect(page.locator('.address-card', { hasText: 'Rumah Ibu' })).toBeVisible();
  await page.locator('#dlg-alamat').getByRole('button', { name: 'Hapus' }).click();
  await page.locator('#dlg-alamat').getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alamat berhasil dihapus' })).toBeVisible();
  await expect(page.locator('.address-card')).toHaveCount(0);
  await expect(page.locator('#bell')).toContainText('Alamat pengiriman belum ada');
});

test('heir edit: messages and the saved heir', async ({ page }) => {
  await signIn(page, memberId(126));
  await page.goto('/account/profile');
  await page.locator('#pewaris').getByRole('button', { name: 'Ubah' }).click();
  const heir = page.locator('#dlg-pewaris');
  await heir.getByLabel('No Identitas').fill('123');
  await heir.getByLabel('No Identitas').blur();
  await expect(heir.locator('#no_nik_passpor_penerima-error')).toHaveText('No Identitas harus diisi 16 digit');
  await heir.getByLabel('No. HP').fill('0812345678');
  await heir.getByLabel('No. HP').blur();
  await expect(heir.locator('#no_mobile_pewaris-error')).toHaveText('Nomor tidak valid, contoh: 62 8xx xxx xxx');
  await heir.getByLabel('No Identitas').fill('3578000011112222');
  await heir.getByLabel('No. HP').fill('628123456789');
  await heir.getByLabel('Nama Lengkap Pewaris').fill('Siti Aminah');
  await heir.getByLabel('Hubungan').fill('Istri');
  await heir.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('#pewaris')).toContainText('Siti Aminah');
});

/** A member of 127..139 whose profile says isBonusAvl is (or is not) set, found through the API. */
async function memberWithBonusAvl(request: import('@playwright/test').APIRequestContext, wanted: boolean): Promise<string> {
  for (let n = 127; n <= 139; n++) {
    const login = await request.post('/member/login', { data: { username: memberId(n), password: 'rahasia123' } });
    const token = (await login.json()).result.access_token;
    const profile = await request.get('/member/account/profile', { headers: { authorization: `Bearer ${token}` } });
    if ((await profile.json()).result.isBonusAvl === wanted) return memberId(n);
  }
  throw new Error(`no member with isBonusAvl ${wanted} in 127..139`);
}

test('NPWP: messages, the pending change, and the e-mailed link applying it', async ({ page, request }) => {
  await signIn(page, await memberWithBonusAvl(request, false));
  await page.goto('/account/profile');
  await page.locator('#pajak').getByRole('button', { name: 'Ubah' }).click();
  const npwp = page.locator('#dlg-npwp');
  await npwp.getByLabel('NPWP').fill('12345');
  await npwp.getByLabel('NPWP').blur();
  await expect(npwp.locator('#npwp-error')).toHaveText('NPWP harus terdiri dari 15 hingga 16 digit angka tanpa spasi');
  await npwp.getByLabel('NPWP').fill('092542943407555');
  await npwp.getByLabel('Nama Pemegang Pajak').fill('Budi Santoso');
  await npwp.getByRole('button', { name: 'Simpan' }).click();
  // Shown in the NPWP's usual grouping, with Indonesian dates (never ISO) in the pending table.
  await expect(page.locator('#pajak table')).toContainText('09.254.294.3-407.555');
  await expect(page.locator('#pajak table')).toContainText('UNVERIFIED');
  await expect(page.locator('#pajak table')).toContainText(
    /\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}/,
  );
  expect(await page.locator('#pajak table').textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  await followMailLink(page, await page.getByLabel('Email').inputValue());
  await expect(page.getByText('Verifikasi Berhasil')).toBeVisible();
  await page.goto('/account/profile');
  await expect(page.locator('#pajak')).toContainText('09.254.294.3-407.555');
  await expect(page.locator('#pajak .badge')).toHaveText('VERIFIED');
  await expect(page.locator('#pajak table')).toHaveCount(0);
});

test('with a bonus this month the NPWP can still be changed, effective on the 1st of next month', async ({ page, request }) => {
  await signIn(page, await memberWithBonusAvl(request, true));
  await page.goto('/account/profile');
  await expect(page.locator('#pajak')).toContainText('Bonus bulan ini sudah dihitung: perubahan NPWP berlaku mulai tanggal 1 bulan depan.');
  await expect(page.locator('#pajak').getByRole('button', { name: 'Ubah' })).toHaveCount(1);
});
