import { expect, login, test } from './fixtures';

test('a stockist opens the stockist report from the menu and expands an invoice', async ({ page }) => {
  await login(page, 'demostokis');
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await menu.getByText('Stokis', { exact: true }).click();
  await menu.getByRole('link', { name: 'Stokis Report' }).click();
  await expect(page.getByRole('heading', { name: 'Stokis Report' })).toBeVisible();
  const rows = page.locator('tbody tr');
  // The current month may be empty: walk back until a month with invoices.
  for (let back = 0; back < 12 && (await rows.first().innerText()).includes('No data'); back++) {
    const month = page.getByLabel('Bulan');
    const current = Number(await month.inputValue());
    if (current === 1) {
      await month.selectOption('12');
      const year = page.getByLabel('Tahun');
      await year.selectOption(String(Number(await year.inputValue()) - 1));
    } else {
      await month.selectOption(String(current - 1));
    }
    await page.getByRole('button', { name: 'Lihat' }).click();
  }
  const first = rows.first();
  await expect(first).toContainText('INV-');
  await first.locator('summary').click();
  await expect(first.locator('li').first()).toContainText('×');
});

test('other members have no stockist menu and get the 404 page and a 403 from the API', async ({ page }) => {
  await login(page, 'demosilver');
  await expect(page.getByRole('link', { name: 'Stokis Report' })).toHaveCount(0);
  const response = await page.goto('/stokis/stokis-report');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found')).toBeVisible();
  const api = await page.request.get('/member/stokis?month=1&year=2026');
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe('Laporan stokis hanya untuk member stokis');
});
