import { expect, login, test } from './fixtures';

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
