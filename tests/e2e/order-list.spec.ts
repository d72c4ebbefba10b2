import { expect, login, memberId, signIn, test } from './fixtures';

// Member 270 owns the demo's showcase orders (src/server/db/seed/orders.ts): one recent order in
// every state, plus a registration it sponsored. These tests only read.
const SHOWCASE = memberId(270);
const LIST = '/transaksi/order-transaksi';

test('the order list filters by status, searches on Enter, sorts by a header and pages, all by GET', async ({ page }) => {
  await signIn(page, SHOWCASE);
  await page.goto(LIST);
  await expect(page.getByRole('heading', { name: 'Order Transaksi' })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('navigation', { name: 'Halaman' })).toBeVisible();

  // Status filter: only RECEIVED and EXPIRED orders remain, and the choice survives the reload.
  await page.locator('summary', { hasText: 'Semua status' }).click();
  await page.getByRole('checkbox', { name: 'RECEIVED' }).check();
  await page.getByRole('checkbox', { name: 'EXPIRED' }).check();
  await page.locator('summary', { hasText: 'Semua status' }).click();
  await page.getByRole('button', { name: 'Lihat' }).click();
  // The new page loaded, not only its address changed: its rows are read at once below.
  await page.waitForURL(/status=RECEIVED&status=EXPIRED/);
  const statuses = await page.locator('tbody tr td:last-child').allInnerTexts();
  expect(statuses.length).toBeGreaterThanOrEqual(2);
  expect(new Set(statuses.map((s) => s.trim()))).toEqual(new Set(['RECEIVED', 'EXPIRED']));
  await expect(page.locator('input[name=status][value=RECEIVED]')).toBeChecked();

  // Search fires on Enter: the one order with that number.
  await page.goto(LIST);
  const number = (await rows.nth(3).locator('a.row-link').innerText()).trim();
  const search = page.getByRole('searchbox', { name: 'Cari No Transaksi' });
  await search.fill(number.slice(-7));
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(number);
  await search.fill('TIDAK-ADA-999');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveText('No data');

  // Sorting by Total Bayar: a header link, ascending then descending.
  await page.goto(LIST);
  await page.getByRole('link', { name: 'Total Bayar' }).click();
  await expect(page.getByRole('columnheader', { name: /Total Bayar/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('link', { name: /Total Bayar/ }).click();
  await expect(page.getByRole('columnheader', { name: /Total Bayar/ })).toHaveAttribute('aria-sort', 'ascending');
  const amount = (s: string) => Number(s.replace(/\D/g, ''));
  const totals = (await page.locator('tbody tr td:nth-child(6)').allInnerTexts()).map(amount);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  // Paging keeps the sort.
  await page.getByRole('link', { name: 'Berikutnya' }).click();
  await page.waitForURL(/orderby=total_bayar.*page=2|page=2.*orderby=total_bayar/);
  const next = (await page.locator('tbody tr td:nth-child(6)').allInnerTexts()).map(amount);
  expect(next.length).toBeGreaterThan(0);
  expect(Math.min(...next)).toBeGreaterThanOrEqual(Math.max(...totals));
});

test('a row click and the row’s link (keyboard) open the order detail', async ({ page }) => {
  await signIn(page, SHOWCASE);
  await page.goto(LIST);
  const row = page.locator('tbody tr').nth(1);
  const number = (await row.locator('a.row-link').innerText()).trim();
  // A real click on the date cell, away from the order number: the row is the target.
  const box = (await row.locator('td').first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/transaksi\/order-transaksi\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await page.goBack();
  await page.locator('tbody tr').first().locator('a.row-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/detail\//);
});

test('the member filter is offered to a sponsor and keeps only the registrations of the chosen member', async ({ page }) => {
  await login(page, SHOWCASE);
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await page.goto(`${LIST}?from=2020-01-01&to=${today}`);
  await page.locator('summary', { hasText: 'Semua member' }).click();
  const choice = page.locator('.member-filter input[type=checkbox]').first();
  const label = (await page.locator('.member-filter label').first().innerText()).trim();
  await choice.check();
  await page.locator('summary', { hasText: 'Semua member' }).click();
  await page.getByRole('button', { name: 'Lihat' }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Registrasi');
  await expect(rows.first()).toContainText(label.split(' ')[0]!);
});

test('members without registrations get no member filter; Upgrade is disabled for PLATINUM; print hides the controls', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto(LIST);
  await expect(page.getByRole('button', { name: 'Upgrade' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Registrasi' })).toHaveAttribute('href', '/transaksi/order-transaksi/registrasi');
  await expect(page.getByRole('button', { name: 'Repeat Order' })).toHaveAttribute('href', '/transaksi/order-transaksi/repeat-order');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Registrasi' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Lihat' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(page.locator('table')).toBeVisible();

  await page.emulateMedia({ media: 'screen' });
  await page.context().clearCookies();
  await signIn(page, memberId(271));
  await page.goto(LIST);
  await expect(page.locator('summary', { hasText: 'Semua status' })).toBeVisible();
  await expect(page.locator('.member-filter')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upgrade' })).toHaveAttribute('href', '/transaksi/order-transaksi/upgrade');
});

test('on a phone the filters fold behind "Filter" so the orders come first; on a desktop they stay open', async ({ page }) => {
  await login(page, SHOWCASE);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(LIST);
  const fold = page.locator('details.filter-fold > summary');
  const lihat = page.getByRole('button', { name: 'Lihat' });
  await expect(fold).toBeVisible();
  await expect(fold).toContainText('Filter');
  await expect(lihat).toBeHidden();
  // The first order is on the first screen (the filters took it before).
  const first = await page.locator('tbody tr').first().boundingBox();
  expect(first!.y + 40).toBeLessThan(800);
  // Opening the fold shows the period and the status choice; the filter works as on a desktop.
  await fold.click();
  await expect(lihat).toBeVisible();
  await expect(page.getByLabel('Dari')).toBeVisible();
  await page.locator('summary', { hasText: 'Semua status' }).click();
  await page.getByRole('checkbox', { name: 'RECEIVED' }).check();
  await page.locator('summary', { hasText: 'Semua status' }).click();
  await lihat.click();
  await expect(page).toHaveURL(/status=RECEIVED/);
  // The folded summary names the choice, so it is seen without opening.
  await expect(fold).toContainText('RECEIVED');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(LIST);
  await expect(fold).toBeHidden();
  await expect(lihat).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Cari No Transaksi' })).toBeVisible();
});
