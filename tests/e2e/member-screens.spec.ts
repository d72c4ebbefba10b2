import { expect, login, memberId, signIn, test } from './fixtures';

// Showcase member 270 (src/server/db/seed/orders.ts) has a PENDING BCA virtual-account order of Rp 114.440.
const SHOWCASE = memberId(270);

test('no dead ends: unknown ids and paths under /member answer JSON 404; an unknown promo is a 404 page', async ({ page }) => {
  await login(page, 'demoplatinum');
  for (const path of [
    '/member/tidak-ada',
    '/member/reports/tidak-ada/1',
    '/member/transaction/00000000-0000-4000-8000-000000000000',
    '/member/promo/00000000-0000-4000-8000-000000000000',
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type'], path).toContain('application/json');
    expect((await response.json()).success, path).toBe(false);
  }
  const promo = await page.goto('/reward-promo/ongoing?promo=tidak-ada');
  expect(promo?.status()).toBe(404);
  await expect(page.getByRole('alert')).toBeVisible();
});

test('the referral link follows the address the portal is served at', async ({ page, baseURL }) => {
  await login(page, 'demoplatinum');
  await expect(page.locator('#referral-link')).toHaveValue(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/daftar\\?joinme=`));
});

test('dashboard on a phone: the member’s own numbers come before the promos; PLATINUM Upgrade is a disabled button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await login(page, 'demoplatinum');
  const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
  for (const card of ['#bonus-cards', '#annual-rank-card', '#downline-card', '#pairing-card']) {
    expect(await top(card), card).toBeLessThan(await top('#promos'));
  }
  await expect(page.getByRole('navigation', { name: 'Aksi cepat' }).getByRole('button', { name: 'Upgrade' })).toBeDisabled();
  // The news ticker and the banner carousel stay inside the screen; what moves inside them is clipped there.
  for (const selector of ['.ticker', '.carousel']) {
    const box = (await page.locator(selector).first().boundingBox())!;
    expect(box.x, selector).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, selector).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('folder view: each member’s rank badge carries the rank colour', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree?tab=folder');
  const badges = page.locator('#folder [role="treeitem"] .badge');
  expect(await badges.count()).toBeGreaterThan(0);
  const colours = { PLATINUM: 'badge-warning', SILVER: 'badge-info', BRONZE: 'badge-success' } as Record<string, string>;
  for (const badge of await badges.all()) {
    const rank = (await badge.innerText()).trim();
    await expect(badge).toHaveClass(new RegExp(colours[rank]!));
  }
});

test('order detail at 360 px: codes, dates and totals never break, each code has a copy button; the pop-up fits and closing it reloads', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, SHOWCASE);
  await page.goto('/transaksi/order-transaksi?status=PENDING');
  await page.locator('tbody tr', { hasText: 'Rp 114.440' }).first().locator('a.row-link').click();
  await expect(page).toHaveURL(/\/detail\//);
  const lines = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  for (const selector of ['#order-title-no', '#va-number', '#expires-at', '#total-bayar', '#payment-info dd strong']) {
    expect(await lines(selector), selector).toBe(1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The pop-up opens by itself after 2 s: all its buttons and the method's name fit in the frame.
  const frameBox = (await page.locator('iframe[title="Simulator Pembayaran"]').boundingBox())!;
  const popup = page.frameLocator('iframe[title="Simulator Pembayaran"]');
  await expect(popup.getByTestId('simulator-method')).toHaveText('BCA Virtual Account');
  for (const name of ['Bayar (berhasil)', 'Bayar nanti (pending)', 'Tolak (error)', 'Tutup']) {
    const box = (await popup.locator('.simulator').getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.y + box.height, name).toBeLessThanOrEqual(frameBox.y + frameBox.height);
  }
  const noOrderLines = await popup.getByTestId('simulator-no-order').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(noOrderLines, 'order number in the pop-up').toBe(1);
  // A short window (560 px high): the method's name and every button still fit in the frame.
  await page.setViewportSize({ width: 360, height: 560 });
  const shortFrame = (await page.locator('iframe[title="Simulator Pembayaran"]').boundingBox())!;
  await expect(popup.getByTestId('simulator-method')).toBeVisible();
  for (const name of ['Bayar (berhasil)', 'Bayar nanti (pending)', 'Tolak (error)', 'Tutup']) {
    const box = (await popup.locator('.simulator').getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.y + box.height, `${name} at 560 px`).toBeLessThanOrEqual(Math.min(shortFrame.y + shortFrame.height, 560));
  }
  await page.setViewportSize({ width: 360, height: 800 });
  // Closing the pop-up reloads the order (spec/001 §4).
  const reloaded = page.waitForEvent('load');
  await popup.locator('.simulator').getByRole('button', { name: 'Tutup', exact: true }).click();
  await reloaded;

  const va = (await page.locator('#va-number').innerText()).trim();
  await page.getByRole('button', { name: 'Salin nomor Virtual Account' }).click();
  await expect(page.getByRole('button', { name: 'Salin nomor Virtual Account' })).toHaveText(/Tersalin/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(va);
});

test('withdraw on a phone: the six status counts sit two to a row, so Create Withdraw is on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, 'demoplatinum');
  await page.goto('/bonus/withdraw');
  const cards = page.locator('#payout-summary article');
  await expect(cards).toHaveCount(6);
  const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
  expect(second.y).toBe(first.y);
  expect(second.x + second.width).toBeLessThanOrEqual(360);
  const create = (await page.getByRole('button', { name: 'Create Withdraw' }).boundingBox())!;
  expect(create.y + create.height).toBeLessThanOrEqual(800);
});
