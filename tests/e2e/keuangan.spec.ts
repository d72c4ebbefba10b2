import fs from 'node:fs';
import { axeViolations } from './axe';
import { expect, signIn, signInOperator, test } from './fixtures';

const jakartaDay = (offsetDays = 0) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('KEUANGAN’s day: a payout batch exported and completed (the member sees it), closing catch-up, zero-difference reconciliation, BP21 export', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInOperator(page, 'keuangan');
  await page.getByRole('link', { name: 'Penarikan' }).click();
  await expect(page.getByRole('heading', { name: 'Penarikan Bonus' })).toBeVisible();
  await page.getByRole('link', { name: /^Diproses/ }).click();
  const row = page.locator('tr[data-payout]').first();
  const payoutNo = (await row.getAttribute('data-payout'))!;
  const cells = await row.locator('td').allInnerTexts();
  const idMember = cells[2]!.split(' · ')[0]!.trim();
  const amount = cells[6]!.trim();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Ekspor batch transfer (yang dipilih)' }).click();
  await expect(page.getByRole('status').first()).toContainText(/Batch BTR-\d{8}-\d{5}: 1 payout/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Unduh CSV batch/ }).click()]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe('kode_bank,no_rekening,nama_rekening,jumlah,referensi');
  expect(csv).toHaveLength(2);
  const [kode, rekening, , jumlah, referensi] = csv[1]!.split(',');
  expect(kode).toMatch(/^\d{3}$/);
  expect(cells[5]).toContain(rekening!);
  expect(referensi).toBe(payoutNo);
  expect(amount.replace(/\D/g, '')).toBe(jumlah);

  const batchNo = download.suggestedFilename().replace(/\.csv$/, '');
  await page.locator(`tr[data-batch="${batchNo}"]`).getByRole('button', { name: 'Tandai batch selesai' }).click();
  await expect(page.getByRole('status').first()).toContainText(`Batch ${batchNo} selesai: 1 payout ditandai selesai`);
  await page.getByRole('link', { name: /^Selesai/ }).click();
  await expect(page.locator(`tr[data-payout="${payoutNo}"]`)).toContainText(batchNo);

  const member = await (await browser.newContext()).newPage();
  await signIn(member, idMember);
  await member.goto('/report/penarikan-bonus');
  await expect(member.locator('tbody')).toContainText(amount);

  // Closing: catch up, then the finished days of yesterday's month are closed and reconcile.
  await page.getByRole('link', { name: 'Closing' }).click();
  await expect(page.getByRole('heading', { name: 'Closing Bonus' })).toBeVisible();
  await page.getByRole('button', { name: 'Tutup hari yang belum ditutup' }).click();
  await expect(page.getByRole('status').first()).toContainText(/sudah ditutup|hari ditutup/);
  await expect(page.getByTestId('open-days')).toContainText('Hari selesai yang belum ditutup: 0');
  await page.goto(`/admin/keuangan/closing?bulan=${jakartaDay(-1).slice(0, 7)}`);
  await expect(page.locator(`li[data-tanggal="${jakartaDay(-1)}"]`)).toHaveAttribute('data-state', 'ditutup');
  // No BV left out; numbers that differ (a payment after its day's cut-off) are explained, not called "tanpa selisih".
  await expect(page.getByTestId('reconcile-summary')).toContainText(/tanpa selisih|semua BV yang dibayar terhitung/);
  await expect(page.locator('tr.selisih')).toHaveCount(0);

  // Tax: the last finished month's withholder CSV, one line per slip listed.
  await page.getByRole('link', { name: 'Pajak' }).click();
  const slips = Number(await page.getByTestId('jumlah-bukti').innerText());
  const [taxFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Unduh CSV pemotong/ }).click()]);
  expect(taxFile.suggestedFilename()).toMatch(/^bp21-\d{4}-\d{2}\.csv$/);
  const taxLines = fs
    .readFileSync((await taxFile.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(taxLines[0]).toMatch(/^nomor,status,/);
  expect(taxLines).toHaveLength(slips + 1);
  expect(slips).toBeGreaterThan(0);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('link', { name: /^Unduh PDF BP21-/ })
      .first()
      .click(),
  ]);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('GUDANG is refused the finance pages (403) and does not see them in the menu', async ({ page }) => {
  await signInOperator(page, 'gudang');
  await expect(page.getByRole('link', { name: 'Penarikan' })).toHaveCount(0);
  for (const path of [
    '/admin/keuangan',
    '/admin/keuangan/closing',
    '/admin/keuangan/pajak',
    '/admin/keuangan/pajak/ekspor?tahun=2026&masa=1',
    '/admin/keuangan/tahan',
    '/admin/keuangan/penyesuaian',
  ]) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(403);
    await expect(page.locator('body')).toContainText('Peran Anda tidak boleh membuka halaman ini');
  }
});

test('the finance pages pass axe (WCAG 2.1 AA and best practice)', async ({ page }) => {
  test.setTimeout(270_000); // six full axe audits
  await signInOperator(page, 'keuangan');
  const found: string[] = [];
  for (const path of [
    '/admin/keuangan?status=processed',
    '/admin/keuangan/closing',
    '/admin/keuangan/pajak',
    '/admin/keuangan/refund',
    '/admin/keuangan/tahan',
    '/admin/keuangan/penyesuaian',
  ]) {
    await page.goto(path);
    const violations = await axeViolations(page);
    for (const v of violations)
      found.push(
        `${v.id} (${v.impact}) on ${path}: ${v.nodes
          .slice(0, 2)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
      );
  }
  expect(found).toEqual([]);
});

test('the closing page writes its days and months the Indonesian way, no ISO dates (src/lib/format.ts)', async ({ page }) => {
  await signInOperator(page, 'keuangan');
  const month = jakartaDay(-1).slice(0, 7);
  await page.goto(`/admin/keuangan/closing?bulan=${month}`);
  await expect(page.getByRole('heading', { name: 'Closing Bonus' })).toBeVisible();
  const main = page.locator('main');
  const monthName = new Date(`${month}-15T00:00:00Z`).toLocaleDateString('id-ID', { month: 'long', year: 'numeric' });
  await expect(page.getByRole('heading', { name: `Rekonsiliasi ${monthName}` })).toBeVisible();
  await expect(page.getByTestId('open-days')).toContainText(/hari ini \d{1,2} \S+ \d{4}, Asia\/Jakarta/);
  const firstDay = page.locator('tbody tr').first().locator('td').first();
  await expect(firstDay).toHaveText(/^\d{1,2} \S+ \d{4}/);
  const text = await main.innerText();
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(text).not.toMatch(/\b\d{4}-\d{2}\b/);
});
