import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, login, test } from './fixtures';

async function signInOperator(page: Page, username: string, password = 'operator12345'): Promise<void> {
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'MASUK' }).click();
}

async function axeClean(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    ),
  ).toEqual([]);
}

test('SUPERADMIN finds a failed sign-in in the audit trail by its filters, pages on, and downloads the filtered CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tried = `penyusup${Date.now()}`;
  await signInOperator(page, tried, 'tebakan-salah-e2e');
  await expect(page.getByRole('alert')).toHaveText('Username atau password operator salah');
  await signInOperator(page, 'superadmin');
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();

  // CS opens one member's file 105 times: each opening is a row of the trail, more than one page.
  const cs = await browser.newPage();
  await signInOperator(cs, 'cs');
  await expect(cs.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
  const member = '1000000230';
  for (let i = 0; i < 105; i += 5) {
    const answers = await Promise.all(Array.from({ length: 5 }, () => cs.request.get(`/admin/members/${member}`)));
    for (const answer of answers) expect(answer.status()).toBe(200);
  }
  await cs.close();

  await page.getByRole('link', { name: 'Jejak Audit' }).click();
  await expect(page).toHaveURL('/admin/audit');
  await page.getByLabel('Aksi').fill('member:view');
  await page.getByLabel('Objek').fill(`member:${member}`);
  await page.getByRole('button', { name: 'Saring' }).click();
  const rows = page.getByTestId('audit-table').locator('tbody tr');
  await expect(rows).toHaveCount(100);
  await expect(rows.first()).toContainText('Citra CS');
  await page.getByRole('link', { name: 'Berikutnya ›' }).click();
  await expect(page.getByText('Halaman 2', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Aksi')).toHaveValue('member:view');
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('link', { name: '‹ Sebelumnya' })).toBeVisible();

  await page.getByLabel('Aksi').fill('operator:sign-in-failed');
  await page.getByLabel('Objek').fill(tried);
  await page.getByRole('button', { name: 'Saring' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`sign-in:${tried}`);
  await expect(rows.first()).toContainText('Username atau password operator salah');
  await expect(rows.first()).not.toContainText('tebakan-salah-e2e');
  // The filter on the operator: own sign-in of today, not the stranger's.
  await page.getByLabel('Aksi').fill('operator:sign-in');
  await page.getByLabel('Objek').fill('');
  await page.getByLabel('Operator').fill('super');
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()));
  await page.getByLabel('Dari tanggal').fill(today);
  await page.getByLabel('Sampai tanggal').fill(today);
  await page.getByRole('button', { name: 'Saring' }).click();
  await expect(rows.first()).toContainText('sign-in:superadmin');
  await expect(rows.filter({ hasText: tried })).toHaveCount(0);
  await axeClean(page);

  await page.getByLabel('Aksi').fill('operator:sign-in-failed');
  await page.getByLabel('Operator').fill('');
  await page.getByLabel('Objek').fill(tried);
  await page.getByRole('button', { name: 'Saring' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
  expect(file.suggestedFilename()).toMatch(/^jejak-audit-\d+\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toBe('Waktu,Operator,Aksi,Objek,Sebelum,Sesudah');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`operator:sign-in-failed,sign-in:${tried}`);
});

test('the overview draws 30 days per role over server-rendered tables; GUDANG sees the order charts only', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInOperator(page, 'superadmin');
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
  for (const [id, caption] of [
    ['paid-per-day', 'Order dibayar per hari'],
    ['revenue-per-day', 'Omzet per hari'],
    ['members-per-day', 'Member baru per hari'],
    ['bonus-payout-per-day', 'Bonus dan penarikan selesai per hari'],
  ] as const) {
    const chart = page.locator(`#${id}`);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-drawn', 'true');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.getByRole('table', { name: caption }).locator('tbody tr')).toHaveCount(30);
  }
  // The revenue table's figures add up to the total above the chart.
  const texts = await page.locator('#revenue-per-day tbody td').allInnerTexts();
  const sum = texts.reduce((t, s) => t + Number(s.replace(/\D/g, '')), 0);
  expect(Number((await page.getByTestId('sum-revenue').innerText()).replace(/\D/g, ''))).toBe(sum);
  await page.locator('#paid-per-day').scrollIntoViewIfNeeded();
  const over = (await page.locator('#paid-per-day .u-over').boundingBox())!;
  await page.mouse.move(over.x + over.width - 5, over.y + over.height / 2);
  await expect(page.locator('#paid-per-day .month-chart-tip')).toContainText('Order dibayar');
  await axeClean(page);

  const gudang = await browser.newPage();
  await signInOperator(gudang, 'gudang');
  await expect(gudang.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
  await expect(gudang.locator('#paid-per-day')).toHaveCount(1);
  await expect(gudang.locator('#members-per-day')).toHaveCount(0);
  await expect(gudang.locator('#bonus-payout-per-day')).toHaveCount(0);
  await gudang.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the overview is the tables', async ({ page }) => {
    await signInOperator(page, 'keuangan');
    await expect(page.getByRole('table', { name: 'Bonus dan penarikan selesai per hari' }).locator('tbody tr')).toHaveCount(30);
    await expect(page.locator('#members-per-day')).toHaveCount(0);
  });
});

test('GUDANG marks a promo claim delivered; it leaves the waiting list and the member sees it delivered', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInOperator(page, 'gudang');
  await page.getByRole('link', { name: 'Klaim Promo' }).click();
  await expect(page).toHaveURL('/admin/promos/klaim');
  // The first promo with a claim waiting.
  const options = await page
    .getByLabel('Promo')
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  let promo = '';
  for (const value of options) {
    await page.goto(`/admin/promos/klaim?promo=${value}`);
    if (await page.locator('tbody tr[data-claim]').count()) {
      promo = value;
      break;
    }
  }
  expect(promo).not.toBe('');
  const row = page.locator('tbody tr[data-claim]').first();
  const no = (await row.getAttribute('data-claim'))!;
  const idMember = (await row.locator('td').nth(4).innerText()).split(' ')[0]!;
  await axeClean(page);
  await row.getByRole('button', { name: `Tandai klaim ${no} terkirim` }).click();
  await expect(page.getByRole('status')).toHaveText(`Klaim ${no} ditandai terkirim`);
  await expect(page.locator(`tbody tr[data-claim="${no}"]`)).toHaveCount(0);
  await page.getByLabel('Status').selectOption('1');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page.locator(`tbody tr[data-claim="${no}"]`)).toContainText('oleh');

  const member = await browser.newPage();
  await login(member, idMember);
  let found = false;
  for (const path of ['/reward-promo/ongoing', '/reward-promo/completed']) {
    await member.goto(`${path}?promo=${promo}`);
    const tab = member.getByRole('link', { name: 'Riwayat Klaim' });
    if (await tab.count()) {
      await tab.click();
      found = true;
      break;
    }
  }
  expect(found).toBe(true);
  await expect(member.locator('#promo-claims tbody > tr').filter({ hasText: no })).toContainText('Hadiah terkirim');
  await member.close();
});
