import { axeViolations } from './axe';
import { expect, memberId, signInOperator, test } from './fixtures';
import { paidOrder } from './member-orders';

// The warehouse at volume (issue #26): select all, a CSV of waybills, labels with barcodes.
// Generated members 80–89 belong to this file.
test('ten paid orders get their waybills from one CSV file; the labels show both barcodes with their text', async ({ page }) => {
  test.setTimeout(300_000); // ten orders placed and paid through the member's real calls
  const tag = Date.now().toString(36).toUpperCase();
  const recipient = `Massal ${tag}`;
  const orders: string[] = [];
  for (let n = 80; n < 90; n++)
    orders.push((await paidOrder(page, memberId(n), { label: `Massal ${n}`, nama: recipient, alamat: 'Jl. Gudang Massal 1' })).no_order);

  await signInOperator(page, 'gudang');
  await page.goto(`/admin/orders?status=PAID&q=${encodeURIComponent(recipient)}`);
  await expect(page.locator('[data-queue-total]')).toContainText(`10 order berstatus PAID yang cocok dengan "${recipient}"`);
  const selectAll = page.getByRole('checkbox', { name: 'Pilih semua order di halaman ini' });
  await selectAll.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[data-selected-count]')).toHaveText('10 dipilih dari 10 di halaman ini');
  for (const no of orders) await expect(page.getByLabel(`Pilih ${no}`)).toBeChecked();
  await page.getByLabel(`Pilih ${orders[0]}`).uncheck();
  await expect(page.locator('[data-selected-count]')).toHaveText('9 dipilih dari 10 di halaman ini');
  await expect(selectAll).not.toBeChecked();

  await page.getByRole('link', { name: 'Impor resi dari berkas CSV' }).click();
  const resi = orders.map((_, i) => `JNT${tag}${String(i).padStart(2, '0')}`);
  const file = ['no_order,resi', ...orders.map((no, i) => `${no},${resi[i]}`)].join('\r\n');
  const upload = async () => {
    await page.getByLabel('Berkas CSV').setInputFiles({ name: 'resi-massal.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByLabel(/Kota penyerahan/).fill('Surabaya');
    await page.getByRole('button', { name: 'Impor resi' }).click();
  };
  await upload();
  await expect(page.locator('[data-summary]')).toHaveText('10 baris diterapkan (order dikirim, status DELIVERY), 0 baris ditolak.');
  const report = page.getByRole('region', { name: 'Hasil per baris' }).locator('tbody tr');
  await expect(report).toHaveCount(10);
  for (const [i, no] of orders.entries())
    await expect(report.nth(i).locator('td')).toHaveText([
      String(i + 2),
      no,
      resi[i]!,
      'Diterapkan',
      `Order ${no}: PAID → DELIVERY (Surabaya|Paket diserahkan ke kurir)`,
    ]);
  await expect(page.locator('[data-applied]')).toHaveText(orders.join(', '));
  const labels = await page.getByRole('link', { name: 'Cetak label dengan barcode' }).getAttribute('href');

  // The same file again: every row refused on its own line, nothing changed.
  await upload();
  await expect(page.locator('[data-summary]')).toHaveText('0 baris diterapkan (order dikirim, status DELIVERY), 10 baris ditolak.');
  await expect(report.first()).toContainText(
    `Order ${orders[0]} berstatus DELIVERY; "Kirim (resi)" hanya untuk order berstatus PAID atau WAREHOUSE`,
  );

  await page.goto(`/admin/orders?status=DELIVERY&q=${encodeURIComponent(recipient)}`);
  for (const [i, no] of orders.entries()) await expect(page.locator('tbody tr').filter({ hasText: no })).toContainText(resi[i]!);

  await page.goto(labels!);
  const sheet = page.locator('article[data-label]');
  await expect(sheet).toHaveCount(10);
  for (const [i, no] of orders.entries()) {
    const label = page.getByRole('article', { name: `Label ${no}` });
    await expect(label.getByRole('img', { name: `Barcode resi ${resi[i]}` })).toBeVisible();
    await expect(label.locator('[data-barcode="resi"] [data-decoded]')).toHaveText(resi[i]!);
    await expect(label.getByRole('img', { name: `Barcode No Order ${no}` })).toBeVisible();
    await expect(label.locator('[data-barcode="order"] [data-decoded]')).toHaveText(no);
    await expect(label).toContainText(recipient);
  }
  await page.getByRole('link', { name: /A4/ }).click();
  await expect(page).toHaveURL(/ukuran=a4/);
  await expect(page.locator('body')).toHaveClass(/sheet-a4/);

  // The import page and the labels on a 360 px phone: no page-wide sideways scroll, axe-clean.
  await page.setViewportSize({ width: 360, height: 740 });
  const found: string[] = [];
  for (const path of ['/admin/orders/impor-resi', labels!]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    const violations = await axeViolations(page);
    found.push(...violations.map((v) => `${v.id} on ${path}: ${v.nodes[0]?.target.join(' ')}`));
  }
  expect(found).toEqual([]);
});
