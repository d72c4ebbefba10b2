import { axeViolations } from './axe';
import { expect, memberId, signInOperator, test } from './fixtures';
import { bearer, pendingOrder } from './member-orders';

// The warehouse's order detail (issue #26). Generated member 240 belongs to this file.
test('GUDANG opens an order from the queue: payment, shipping, history; once KEUANGAN refunds it, it is marked and cannot be packed or shipped', async ({
  page,
  browser,
}) => {
  const member = memberId(240);
  const headers = await bearer(page.request, member);
  const { order, token } = await pendingOrder(page.request, headers, { label: 'Rumah', nama: 'Penerima Detail', alamat: 'Jl. Detail 9' });
  await page.goto(`/pembayaran/simulator/${token.token}`);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/pembayaran/simulator/')),
    page.getByRole('button', { name: 'Bayar (berhasil)' }).click(),
  ]);

  await signInOperator(page, 'gudang');
  await page.goto(`/admin/orders?status=PAID&q=${order.no_order}`);
  await page.getByRole('link', { name: order.no_order }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.no_order}$`));
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toBeVisible();
  await expect(page.locator('[data-status]')).toHaveText('PAID');
  await expect(
    page
      .getByRole('region', { name: 'Pengiriman' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Pengiriman' }) })),
  ).toContainText('Penerima Detail');
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Riwayat' }) })).toContainText('PAID');
  await expect(page.getByRole('button', { name: 'Kemas' })).toBeVisible();
  const violations = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // KEUANGAN refunds the whole order in its own session.
  const keuangan = await browser.newPage();
  await signInOperator(keuangan, 'keuangan');
  await keuangan.goto(`/admin/keuangan/refund?no_order=${order.no_order}`);
  await keuangan.getByLabel('Alasan').fill('Barang habis di gudang');
  await keuangan.getByRole('button', { name: /^Refund seluruh/ }).click();
  await expect(keuangan.getByRole('status').first()).toContainText(`Refund ${order.no_order}`);
  await keuangan.close();

  await page.reload();
  await expect(page.locator('[data-refunded]')).toContainText('REFUND');
  await expect(page.locator('[data-status]')).toHaveText('PAID · REFUND');
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Refund', exact: true }) })).toContainText(
    'Barang habis di gudang',
  );
  await expect(page.locator('[data-refusals]')).toContainText(
    `Order ${order.no_order} sudah dikembalikan dananya (refund); "Kemas" tidak dapat dilakukan`,
  );
  await expect(page.locator('[data-refusals]')).toContainText('"Kirim (resi)" tidak dapat dilakukan');
  await expect(page.getByRole('button', { name: 'Kemas' })).toHaveCount(0);
  // Marked in the queue, where packing it is refused; its labels carry the mark.
  await page.goto(`/admin/orders?status=PAID&q=${order.no_order}`);
  const row = page.locator('tbody tr').filter({ hasText: order.no_order });
  await expect(row).toHaveAttribute('data-refunded', 'ya');
  await expect(row).toContainText('REFUND');
  await row.getByLabel(`Pilih ${order.no_order}`).check();
  await page.getByRole('button', { name: 'Kemas', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Hasil aksi' })).toHaveText(
    `Order ${order.no_order} sudah dikembalikan dananya (refund); "Kemas" tidak dapat dilakukan`,
  );
  await page.goto(`/admin/orders/label?no_order=${order.no_order}`);
  await expect(page.getByRole('article', { name: `Label ${order.no_order}` }).locator('[data-refunded]')).toHaveText(
    'REFUND - JANGAN DIKEMAS / DIKIRIM',
  );

  // The refunded order's page on a 360 px phone: no page-wide sideways scroll, axe-clean.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/admin/orders/${order.no_order}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const phoneViolations = await axeViolations(page);
  expect(phoneViolations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});
