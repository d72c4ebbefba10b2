import { axeViolations } from './axe';
import { expect, memberId, signIn, signInOperator, test } from './fixtures';

/**
 * The catalogue (/admin/produk) as SUPERADMIN: a price scheduled from tomorrow is listed next to
 * today's, and members keep seeing today's price. The scheduled price is withdrawn at the end, so
 * the shared demo server's prices are as before whatever runs after.
 */
test('a price from tomorrow: the console lists today’s and the scheduled price, a member still sees today’s', async ({ page, browser }) => {
  await signInOperator(page, 'superadmin');
  await page.getByRole('link', { name: 'Produk', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Produk', exact: true })).toBeVisible();
  const row = page.locator('tr[data-kode="PRD-MINYAK"]');
  await expect(row.getByTestId('harga-berlaku')).toContainText('Rp 110.000');
  await expect(row.getByTestId('harga-terjadwal')).toHaveText('—');

  await row.getByRole('link', { name: 'Ubah PRD-MINYAK' }).click();
  await expect(page.getByTestId('harga-hari-ini')).toContainText('Rp 110.000');
  const form = page.getByRole('form', { name: 'Harga baru' });
  const tomorrow = await form.getByLabel('Berlaku mulai').inputValue();
  expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByLabel('Harga (Rp, termasuk PPN)').fill('121000');
  await form.getByRole('button', { name: 'Simpan harga' }).click();
  await expect(page.getByRole('status')).toContainText('Harga PRD-MINYAK Rp 121.000 berlaku mulai');
  await expect(page.getByTestId('price-versions')).toContainText('Terjadwal');

  await page.goto('/admin/produk');
  await expect(row.getByTestId('harga-berlaku')).toContainText('Rp 110.000');
  await expect(row.getByTestId('harga-terjadwal')).toContainText('Rp 121.000 mulai');

  // A member's order page, the same moment: today's price.
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await signIn(memberPage, memberId(30));
  await memberPage.goto('/transaksi/order-transaksi/repeat-order');
  const card = memberPage.locator('article[data-product="Minyak Kayu Putih Premium"]');
  await expect(card).toContainText('Rp 110.000');
  await expect(card).not.toContainText('121.000');
  await member.close();

  // Withdrawn again: nothing scheduled is left behind.
  await row.getByRole('link', { name: 'Ubah PRD-MINYAK' }).click();
  await page.getByRole('button', { name: /^Batalkan harga mulai/ }).click();
  await expect(page.getByRole('status')).toContainText('dibatalkan');
  await page.goto('/admin/produk');
  await expect(row.getByTestId('harga-terjadwal')).toHaveText('—');
});

test('GUDANG opens the catalogue read only, with the stock linked to the stock page', async ({ page }) => {
  await signInOperator(page, 'gudang');
  await page.goto('/admin/produk');
  const row = page.locator('tr[data-kode="PRD-KOPI"]');
  await expect(row.getByTestId('harga-berlaku')).toContainText('Rp 150.000');
  await expect(page.getByRole('button', { name: 'Tambah produk' })).toHaveCount(0);
  await row.getByRole('link', { name: 'Stok PRD-KOPI per gudang' }).click();
  await expect(page).toHaveURL(/\/admin\/stok\?q=PRD-KOPI$/);
  await expect(page.getByTestId('stock-table')).toContainText('PRD-KOPI');
});

test('the SUPERADMIN catalogue pages fit a 360 px phone and pass axe-core', async ({ browser }) => {
  test.setTimeout(180_000); // full axe audits
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInOperator(page, 'superadmin');
  await page.goto('/admin/produk');
  const detail = await page.getByRole('link', { name: 'Ubah PKT-1' }).getAttribute('href');
  const found: string[] = [];
  for (const path of ['/admin/produk', detail!]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    const violations = await axeViolations(page);
    for (const v of violations) found.push(`${v.id} (${v.impact}) on ${path}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  expect(found).toEqual([]);
  await context.close();
});
