import { expect, login, signIn, test } from './fixtures';
import { hydrated } from './region';

test('bonus report: defaults to the last 30 days, filters, expands a bonus, and matches the dashboard', async ({ page }) => {
  await login(page, 'demosilver');
  await expect(page.locator('#bonus-cards')).toContainText('Total');
  await page.getByRole('link', { name: 'Rincian' }).click();
  await expect(page).toHaveURL('/bonus/rincian-bonus');
  const from = await page.getByLabel('Dari').inputValue();
  const days = (Date.now() - Date.parse(from)) / 86_400_000;
  expect(Math.round(days)).toBeGreaterThanOrEqual(30);
  expect(Math.round(days)).toBeLessThanOrEqual(31);
  await page.getByLabel('Dari').fill('2020-01-01');
  await page.getByRole('button', { name: 'Lihat' }).click();
  const rows = page.locator('details.bonus-row');
  await expect(rows).toHaveCount(10);
  await rows.first().locator('summary').click();
  await expect(rows.first()).toContainText('Potongan PPh');
  await expect(page.locator('#pending-payment')).toContainText('Rp');
  await page.getByLabel('PROCESSED').check();
  await page.getByLabel('PENDING').uncheck();
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page.locator('#empty')).toHaveText('Tidak ada bonus');
});

/** A member of 60..99 whose bank is (or is not) verified and who has Rp 100.000+ of unpaid bonuses. */
async function withdrawer(request: import('@playwright/test').APIRequestContext, verified: boolean): Promise<string> {
  for (let n = 60; n <= 99; n++) {
    const id = String(1_000_000_000 + n);
    const token = (await (await request.post('/member/login', { data: { username: id, password: 'rahasia123' } })).json()).result
      .access_token;
    const headers = { authorization: `Bearer ${token}` };
    const profile = (await (await request.get('/member/account/profile', { headers })).json()).result;
    const unpaid = (await (await request.get('/member/bonus/unpayout', { headers })).json()).result as { bonus_dibayar: number }[];
    const total = unpaid.reduce((s, b) => s + b.bonus_dibayar, 0);
    if ((profile.status_rekening === 'VERIFIED') === verified && total >= 100_000) return id;
  }
  throw new Error(`no member with ${verified ? 'a verified' : 'an unverified'} bank and unpaid bonuses in 60..99`);
}

test('withdraw: all unpaid bonuses start selected; the request becomes a Widthdraw Requested payout', async ({ page, request }) => {
  await signIn(page, await withdrawer(request, true));
  await page.goto('/bonus/withdraw');
  await expect(page.locator('#payout-summary')).toContainText('Not Queued Yet');
  await hydrated(page, 'WithdrawDialog');
  await page.getByRole('button', { name: 'Create Withdraw' }).click();
  const dialog = page.locator('#dlg-withdraw');
  const boxes = dialog.locator('input[name="bonus_ids"]');
  expect(await boxes.count()).toBeGreaterThan(0);
  const n = await boxes.count();
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  // The count and total follow the ticks; all and none in one click.
  const total = dialog.getByTestId('withdraw-total');
  await expect(total).toContainText(`${n} bonus dipilih`);
  await dialog.getByRole('button', { name: 'Kosongkan pilihan' }).click();
  await expect(total).toHaveText('0 bonus dipilih · Total dipilih: Rp\u00a00 (sebelum biaya admin)');
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  await boxes.first().check();
  await expect(total).toContainText('1 bonus dipilih');
  await dialog.getByRole('button', { name: 'Pilih semua' }).click();
  await expect(total).toContainText(`${n} bonus dipilih`);
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Permintaan withdraw berhasil dibuat' })).toBeVisible();
  const row = page.locator('details.payout-row').first();
  await expect(row).toContainText('Widthdraw Requested');
  await row.locator('summary').click();
  await expect(row).toContainText('Biaya admin Rp 6.500');
});

test('withdraw is refused while the bank account is unverified', async ({ page, request }) => {
  await signIn(page, await withdrawer(request, false));
  await page.goto('/bonus/withdraw');
  await hydrated(page, 'WithdrawDialog');
  await page.getByRole('button', { name: 'Create Withdraw' }).click();
  const dialog = page.locator('#dlg-withdraw');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  // The refusal shows inside the open dialog, not behind it.
  await expect(dialog.getByRole('alert')).toHaveText('Tidak bisa melakukan widthraw, rekening belum terverifikasi...');
  await expect(dialog).toBeVisible();
  await expect(page.locator('#empty')).toHaveText('Tidak ada payout');
});

test('without JavaScript the withdraw form posts and its refusal is shown', async ({ browser, request }) => {
  const id = await withdrawer(request, false);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, id);
  await page.goto('/bonus/withdraw');
  await page.getByRole('button', { name: 'Create Withdraw' }).click();
  await page.locator('#dlg-withdraw-form').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Tidak bisa melakukan widthraw, rekening belum terverifikasi...').first()).toBeVisible();
  await context.close();
});

test('daily, monthly and withdrawal reports: defaults, totals, masked join date, print header', async ({ page }) => {
  await signIn(page, 'demosilver');
  await page.goto('/report/bonus-harian');
  const from = await page.getByLabel('Dari').inputValue();
  expect(from.endsWith('-01')).toBe(true);
  await page.getByLabel('Dari').fill('2020-01-01');
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page.locator('tbody tr').first()).not.toHaveText('No data');
  await expect(page.locator('tfoot')).toContainText('Total');
  const masked = page.locator('details.masked');
  await expect(masked.locator('summary')).toHaveText('Show', { useInnerText: true });
  await expect(masked.locator('.masked-value')).toBeHidden();
  // The masked date stays on the member's line ("… · Tgl join: Show"), not on a line of its own:
  // its block holds the whole line, and Show sits level with "Tgl join:".
  const line = page.locator('.report-member');
  await expect(line).toContainText('Tgl join:');
  await expect(line.locator('details.masked')).toHaveCount(1);
  const lineTop = await line.evaluate((el) => el.getBoundingClientRect().top);
  const showTop = await masked.locator('summary').evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(showTop - lineTop)).toBeLessThan(12);
  await masked.locator('summary').click();
  await expect(masked.locator('.masked-value')).toHaveText(/\d{4}/);
  await expect(masked.locator('summary')).toHaveText('Hide', { useInnerText: true });
  await masked.locator('summary').click();
  await expect(masked.locator('.masked-value')).toBeHidden();
  await expect(masked.locator('summary')).toHaveText('Show', { useInnerText: true });
  // On paper the join date is printed even while it is hidden on screen.
  await page.emulateMedia({ media: 'print' });
  await expect(masked.locator('.masked-value')).toBeVisible();
  await expect(page.locator('.print-header')).toBeVisible();
  await expect(page.locator('.side')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/report/bonus-bulanan?from=2020-01&to=2099-12');
  await expect(page.locator('tbody tr').first()).not.toHaveText('No data');
  await page.goto('/report/penarikan-bonus');
  await expect(page.locator('thead')).toContainText('Biaya Admin');
  await page.goto('/report/bonus-harian?from=2026-02-01&to=2026-01-01');
  await expect(page.getByText('Tanggal awal harus sebelum tanggal akhir')).toBeVisible();
});

test('PPh report: the 13 columns and a PDF slip with the member’s data', async ({ page }) => {
  await signIn(page, 'demosilver');
  await page.goto('/report/pph');
  for (const column of ['Masa', 'Tahun', 'Pb', 'Nomor', 'NPWP', 'NIK', 'Nama', 'Kode', 'Bruto', 'DPP', 'PPh', 'Tarif', 'Tgl.Potong']) {
    await expect(page.locator('thead')).toContainText(column);
  }
  await expect(page.locator('tbody tr').first()).toContainText('21-100-04');
  const download = page.waitForEvent('download');
  await page.locator('tbody tr').first().getByRole('link', { name: 'PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{13}\.pdf$/);
  const { readFileSync } = await import('node:fs');
  const { PDFDocument } = await import('pdf-lib');
  const bytes = readFileSync((await file.path())!);
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toContain('Demo Silver');
  const { pdfText } = await import('../pdf-text');
  expect(pdfText(bytes)).toContain('Nama: Demo Silver');
  const other = await page.request.get('/member/reports/download-bupot/1999-01');
  expect(other.status()).toBe(404);
  // A slip that cannot be made: back on the report with 'Gagal export file' (spec/000 §8).
  await page.goto('/report/pph?year=2026&bupot=1999-01');
  await expect(page).toHaveURL(/\/report\/pph\?year=2026$/);
  await expect(page.locator('#toasts')).toContainText('Gagal export file');
});

test('annual pairing report with its rank table', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/annual-pairing');
  await expect(page.getByText('13 June 2024 to 15 June 2025')).toBeVisible();
  await expect(page.locator('table.striped thead')).toContainText('BV Kiri');
  await page.getByRole('link', { name: 'Info peringkat' }).click();
  await expect(page.locator('#dlg-annual-info')).toContainText('Minimal Pairing');
  await expect(page.locator('#dlg-annual-info')).toContainText('Rp 40.000.000');
});

test('dashboard: order composition and monthly orders drawn without JavaScript', async ({ page, request }) => {
  await login(page, 'demostokis');
  const label = await page.locator('#order-share svg').getAttribute('aria-label');
  const token = (await (await request.post('/member/login', { data: { username: 'demostokis', password: 'rahasia123' } })).json()).result
    .access_token;
  const dashboard = (await (await request.get('/member/dashboard', { headers: { authorization: `Bearer ${token}` } })).json()).result;
  expect(label).toBe(
    `Registrasi ${dashboard.members.orders.totalorderregistrasi}, Upgrade ${dashboard.members.orders.totalorderupgrade}, Repeat Order ${dashboard.members.orders.totalrepeatorder}`,
  );
  expect(dashboard.members.orders.totalrepeatorder).toBeGreaterThan(0);
  // The monthly chart's table (what a reader without JavaScript gets): six months, three order types.
  await expect(page.locator('#order-chart table tbody tr')).toHaveCount(6);
  await expect(page.locator('#order-chart table thead th')).toHaveText(['Bulan', 'Registrasi', 'Upgrade', 'Repeat Order']);
});
