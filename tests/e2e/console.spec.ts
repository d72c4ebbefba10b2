import { expect, signIn, test } from './fixtures';

test('GUDANG signs in at /admin/signin and packs a paid order; the audit trail shows it to SUPERADMIN', async ({ page, browser }) => {
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill('gudang');
  await page.getByLabel('Password').fill('operator12345');
  await page.getByRole('button', { name: 'MASUK' }).click();
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jejak Audit' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Order', exact: true }).click();
  // The oldest paid order of the demo: the newest ones are placed and moved by console-gudang.spec.ts running alongside.
  const first = page.locator('input[name="no_order"]').last();
  const noOrder = await first.getAttribute('value');
  await first.check();
  await page.getByRole('button', { name: 'Kemas', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText(`Order ${noOrder}: PAID → WAREHOUSE`);

  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin/signin');
  await admin.getByLabel('Username operator').fill('superadmin');
  await admin.getByLabel('Password').fill('operator12345');
  await admin.getByRole('button', { name: 'MASUK' }).click();
  await admin.goto(`/admin/audit?object=${noOrder}`);
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  await expect(admin.locator('tbody tr')).toContainText('Gilang Gudang');
  await expect(admin.locator('tbody tr')).toContainText('order:pack');
});

test('a signed-in member is sent to the operator sign-in at /admin', async ({ page }) => {
  await signIn(page, 'demobronze');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/signin$/);
});
