import { expect, login, signIn, test } from './fixtures';

test('a stockist sees the Stokis menu entry and the Member Stokis badge', async ({ page }) => {
  await login(page, 'demostokis');
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await menu.getByText('Stokis', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Stokis Report' })).toHaveAttribute('href', '/stokis/stokis-report');
  await expect(page.locator('header.top').getByText('Member Stokis')).toBeVisible();
});

test('other members see neither the Stokis entry nor the badge', async ({ page }) => {
  for (const who of ['demoplatinum', 'demobronze']) {
    await page.context().clearCookies();
    await login(page, who);
    await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Stokis Report' })).toHaveCount(0);
    await expect(page.getByText('Member Stokis')).toHaveCount(0);
  }
});

test('the side menu has the groups of the spec and marks the current page', async ({ page }) => {
  await login(page, 'demoplatinum');
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  for (const group of ['Transaksi', 'Report', 'Reward Direct Sponsor', 'Bonus', 'Informasi']) {
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  }
  await menu.getByText('Informasi', { exact: true }).click();
  await menu.getByRole('link', { name: 'News & Tips' }).click();
  await expect(page).toHaveURL('/news/informasi');
  await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'News & Tips' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the bell lists what is missing, each with its link', async ({ page }) => {
  await login(page, 'demoplatinum');
  await page.locator('#bell summary').click();
  // demoplatinum has a bank account, an NPWP and saved addresses (the demo returns ship to them).
  await expect(page.locator('#bell').getByRole('link')).toHaveCount(0);

  await page.context().clearCookies();
  // demobronze has no saved address; its bank and NPWP come from the seeded random choice: check each link that is there.
  await login(page, 'demobronze');
  await page.locator('#bell summary').click();
  const links = page.locator('#bell').getByRole('link');
  await expect(links.filter({ hasText: 'Alamat pengiriman belum ada' })).toHaveAttribute('href', '/account/address');
  const texts = await links.allTextContents();
  if (texts.includes('Nomor rekening bank belum diisi')) {
    await expect(links.filter({ hasText: 'Nomor rekening bank belum diisi' })).toHaveAttribute('href', '/account/profile#rekening');
  }
  if (texts.includes('NPWP belum diisi')) {
    await expect(links.filter({ hasText: 'NPWP belum diisi' })).toHaveAttribute('href', '/account/profile#pajak');
  }
});

test('the user menu offers Profile, Ubah Password, Alamat and Logout', async ({ page }) => {
  await login(page, 'demoplatinum');
  const user = page.locator('#user-menu');
  await expect(user.locator('summary')).toContainText('demoplatinum');
  await user.locator('summary').click();
  await expect(user.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/account/profile');
  await expect(user.getByRole('link', { name: 'Ubah Password' })).toHaveAttribute('href', '/account/change-password');
  await expect(user.getByRole('link', { name: 'Alamat' })).toHaveAttribute('href', '/account/address');
  await expect(user.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test("the footer links to the portal's own policy pages and carries the copyright line", async ({ page }) => {
  await login(page, 'demoplatinum');
  const footer = page.locator('footer.foot');
  for (const [name, slug] of [
    ['Kode Etik', 'kode-etik'],
    ['Kebijakan Privasi', 'kebijakan-privasi'],
    ['Kebijakan Pengiriman', 'kebijakan-pengiriman'],
    ['Kebijakan Retur/Refund', 'kebijakan-retur'],
    ['FAQ', 'faq'],
    ['Syarat Pembayaran', 'syarat-pembayaran'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/info/${slug}`);
  }
  await expect(footer).toContainText('©');
});

test('a notification closes by itself after about 3 seconds', async ({ page }) => {
  await login(page, 'demoplatinum');
  const toast = page.locator('#toasts .toast').filter({ hasText: 'Login berhasil' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveClass(/toast-success/);
  await expect(toast).toHaveCount(0, { timeout: 6_000 });
});

test('a notification closes with its button', async ({ page }) => {
  await login(page, 'demoplatinum');
  const toast = page.locator('#toasts .toast').filter({ hasText: 'Login berhasil' });
  await toast.getByRole('button', { name: 'Tutup' }).click();
  await expect(toast).toHaveCount(0);
});

test('the copy button puts the referral link on the clipboard and notifies', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'demoplatinum');
  const link = await page.locator('#referral-link').inputValue();
  expect(link).toMatch(/[?&]joinme=DEMOPLATINUM$/);
  await page.getByRole('button', { name: 'Salin' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link referal disalin' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('sign-in and dashboard have no horizontal scroll and the menu opens with its toggle', async ({ page }) => {
    await page.goto('/signin');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await login(page, 'demostokis');
    expect(await overflow()).toBeLessThanOrEqual(0);

    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(menu).toBeHidden();
    // A tap on the ☰ (the label of the menu checkbox) opens it.
    await page.locator('header.top label[for="collapse"]').click();
    await expect(page.getByRole('checkbox', { name: 'Buka/tutup menu' })).toBeChecked();
    await expect(menu).toBeVisible();
    await menu.getByText('Informasi', { exact: true }).click();
    await menu.getByRole('link', { name: 'News & Tips' }).click();
    await expect(page).toHaveURL('/news/informasi');
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test.describe('on a 360 px phone without JavaScript', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });

  test('the menu toggle is reached by Tab right after the skip link and opens and closes the menu with Space', async ({ page }) => {
    await signIn(page, 'demosilver');
    await page.goto('/news/informasi');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    const toggle = page.getByRole('checkbox', { name: 'Buka/tutup menu' });
    await expect(menu).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Lewati ke konten' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    // The focus ring shows on the visible ☰.
    expect(await page.locator('header.top label[for="collapse"]').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(menu).toBeVisible();
    // Past the bell and the account menu, Tab goes on into the opened menu.
    for (let i = 0; i < 4 && (await menu.locator(':focus').count()) === 0; i++) await page.keyboard.press('Tab');
    await expect(menu.locator(':focus')).toHaveCount(1);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(menu).toBeHidden();
  });
});

test('the progress bar shows while a request is under way', async ({ page }) => {
  await login(page, 'demoplatinum');
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/member/news/**', async (route) => {
    await held;
    await route.continue();
  });
  await expect(page.locator('#progress')).not.toHaveClass(/\bon\b/);
  await page.evaluate(() => {
    void fetch('/member/news/?page=1');
  });
  await expect(page.locator('#progress')).toHaveClass(/\bon\b/);
  release();
  await expect(page.locator('#progress')).not.toHaveClass(/\bon\b/);
});

test('printing shows the print header and hides menu, top bar and footer', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/news/informasi');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-header')).toBeVisible();
  await expect(page.locator('.print-header')).toContainText('News & Tips');
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(page.locator('header.top')).toBeHidden();
  await expect(page.locator('footer.foot')).toBeHidden();
  await expect(page.locator('#toasts')).toBeHidden();
});
