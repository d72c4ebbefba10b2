import { axeViolations } from './axe';
import { expect, login, signIn, test } from './fixtures';

/**
 * The member app's shell (issue #23): the bottom bar on a phone, the dashboard's numbers first,
 * plain words, the brand theme with its dark mode and one button system, and the audit's small
 * deviations (ticker, PPh table, scroll boxes, Pilih file, Cari button, domicile focus).
 */

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

test('a phone gets the bottom bar of the five homes with the current one marked; the desktop keeps the side menu', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, 'demoplatinum');
  const bar = page.getByRole('navigation', { name: 'Navigasi bawah' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveText(['Dashboard', 'Jaringan', 'Order', 'Bonus', 'Akun']);
  const marked: Array<[string, string | null]> = [
    ['/', 'Dashboard'],
    ['/report/tree', 'Jaringan'],
    ['/report/downline-report', 'Jaringan'],
    ['/transaksi/retur', 'Order'],
    ['/bonus/withdraw', 'Bonus'],
    ['/report/bonus-harian', 'Bonus'],
    ['/account/address', 'Akun'],
    ['/news/informasi', null],
  ];
  for (const [path, current] of marked) {
    await page.goto(path);
    const links = bar.locator('a[aria-current="page"]');
    if (current) await expect(links, path).toHaveText([current]);
    else await expect(links, path).toHaveCount(0);
  }
  // The bar never covers the end of the page: the footer can be scrolled above it.
  await page.goto('/news/informasi');
  await page.locator('footer.foot').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const foot = (await page.locator('footer.foot p').boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(foot.y + foot.height).toBeLessThanOrEqual(barBox.y + 1);

  // "Lainnya" opens the documents' side menu; the username is in the top bar.
  const more = bar.locator('label', { hasText: 'Lainnya' });
  await expect(page.locator('#side-menu')).toBeHidden();
  await more.click();
  await expect(page.locator('#side-menu')).toBeVisible();
  await expect(page.locator('#side-menu').getByText('Reward Direct Sponsor')).toBeVisible();
  await more.click();
  await expect(page.locator('#side-menu')).toBeHidden();
  const name = page.locator('#user-menu .username-text');
  await expect(name).toHaveText('demoplatinum');
  await expect(name).toBeInViewport({ ratio: 1 });
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the whole username, not cut off').toBe(true);

  await page.setViewportSize(DESKTOP);
  await expect(bar).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  // The side menu's brand is the company name of the settings (KONTEN changes it in the console).
  // (console-konten.spec renames it for a moment, keeping the default name in the new one.)
  await expect(page.locator('#side-menu .brand')).toContainText('PT Portal Member Indonesia');
});

test('the dashboard on a phone: bonus, pairing and downline first as cards, each with an action; promos below; plain words', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await login(page, 'demoplatinum');
  const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
  const order = [await top('#bonus-cards'), await top('#pairing-card'), await top('#downline-card')];
  expect(order).toEqual([...order].sort((a, b) => a - b));
  for (const y of order) {
    expect(y).toBeLessThan(await top('nav.quick'));
    expect(y).toBeLessThan(await top('#promos'));
  }
  // The first card starts on the first screen.
  expect(order[0]).toBeLessThan(PHONE.height / 2);
  for (const card of await page.locator('#my-numbers > article').all()) {
    const id = await card.getAttribute('id');
    await expect(card.locator('footer a[href]').first(), `${id} has an action`).toBeVisible();
  }
  await expect(page.locator('#pairing-card')).toContainText('pasangan dibayar');
  await expect(page.locator('#annual-rank-card')).not.toContainText('Pair BV');
  const glossary = page.locator('details.glossary');
  await glossary.locator('summary').click();
  await expect(glossary).toContainText('Business Volume');
  await expect(glossary).toContainText('Kiri / Kanan (L / R)');
});

test('the tree says Kiri, Kanan and Pasangan instead of L, R and P', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree');
  const first = page.locator('.node').first();
  await expect(first).toContainText(/Kiri \d+ · Kanan \d+/);
  await expect(first).toContainText(/Pasangan \d+/);
  await expect(first).toContainText(/Sisa BV \d+\/\d+/);
  await expect(first).not.toContainText(/\bL \d+/);
});

test('dark mode follows the system, keeps contrast, and the buttons are one system', async ({ page }) => {
  await login(page, 'demoplatinum');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  };
  await page.emulateMedia({ colorScheme: 'light' });
  expect(luminance(await background())).toBeGreaterThan(0.9);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(luminance(await background())).toBeLessThan(0.2);
  for (const path of ['/', '/report/tree', '/bonus/rincian-bonus', '/transaksi/order-transaksi']) {
    await page.goto(path);
    const violations = await axeViolations(page, { rules: ['color-contrast'] });
    expect(violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`))).toEqual([]);
  }
  // "Ubah" and "Tutup" (the audit's mismatched pair) are the same secondary button, in both schemes.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/account/profile');
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.backgroundColor, s.borderTopColor, s.color].join(' ');
        });
    expect(await look('#pajak a[role=button]'), scheme).toBe(await look('#dlg-npwp a[data-close]'));
  }
});

// Dark mode's contrast on every member page: tests/e2e/member-pages.spec.ts.

test.describe('with motion (no reduced-motion preference)', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('the news ticker starts with its text on screen', async ({ page }) => {
    await login(page, 'demoplatinum');
    const ticker = page.locator('.ticker');
    await expect(ticker).toBeVisible();
    const inside = await ticker.evaluate((box) => {
      const span = box.querySelector('span')!;
      // Where the text is when the ticker starts, however late this runs on a busy machine: the
      // animation is taken back to its start (a 2 s delay, then it moves).
      const [animation] = span.getAnimations();
      if (!animation) return false;
      animation.pause();
      animation.currentTime = 0;
      const text = span.firstChild!;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      return first.left >= outer.left - 1 && first.right <= outer.right;
    });
    expect(inside).toBe(true);
  });
});

test('for a member who asked for less motion the ticker stands still and wraps its text', async ({ page }) => {
  await login(page, 'demoplatinum');
  const ticker = page.locator('.ticker');
  await expect(ticker).toBeVisible();
  expect(
    await ticker.evaluate((box) => [getComputedStyle(box.querySelector('span')!).animationName, getComputedStyle(box).whiteSpace]),
  ).toEqual(['none', 'normal']);
});

test('the PPh report is a table at desktop widths and cards on a phone', async ({ page }) => {
  await login(page, 'demoplatinum');
  await page.setViewportSize(DESKTOP);
  await page.goto('/report/pph');
  await expect(page.locator('table.pph-table thead')).toBeVisible();
  await expect(page.locator('table.pph-table th', { hasText: 'Tgl.Potong' })).toBeVisible();
  await page.setViewportSize(PHONE);
  await expect(page.locator('table.pph-table thead')).toBeHidden();
});

test('scroll boxes: bonus detail panels 230 px, the withdraw list 300 px', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/bonus/rincian-bonus?from=2020-01-01');
  const row = page.locator('details.bonus-row').first();
  await row.locator('summary').click();
  const panel = row.locator('.scroll-230');
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['230px', 'auto']);
  await page.goto('/bonus/withdraw?create=1');
  const list = page.locator('#dlg-withdraw-form .scroll-300, [role=dialog] .scroll-300').first();
  if (await list.count()) {
    expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['300px', 'auto']);
  }
});

test('the return form says "Pilih file" over its file input, and names the chosen files', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/transaksi/retur?create=1');
  const pick = page.locator('.file-pick');
  await expect(pick.locator('.file-button')).toHaveText('Pilih file');
  await expect(pick.locator('.file-button')).toBeVisible();
  // The browser's own "Choose Files" button is under the label, not shown.
  expect(await pick.locator('input[type=file]').evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  await pick
    .locator('input[type=file]')
    .setInputFiles([{ name: 'bukti.png', mimeType: 'image/png', buffer: Buffer.from('89504e47', 'hex') }]);
  await expect(pick.locator('[data-file-names]')).toHaveText('bukti.png');
});

test('the tree search: the Cari button lines up with the Level select', async ({ page }) => {
  await login(page, 'demoplatinum');
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/report/tree');
    const select = (await page.locator('form[role=search] select#level').boundingBox())!;
    const button = (await page.locator('form[role=search] button[type=submit]').boundingBox())!;
    expect(Math.abs(button.height - select.height), `${size.width}: heights`).toBeLessThanOrEqual(1);
    if (Math.abs(button.y - select.y) < select.height) expect(Math.abs(button.y - select.y), `${size.width}: tops`).toBeLessThanOrEqual(1);
  }
});

test('the domicile redirect focuses the province field at 800 ms and keeps it there (no flicker)', async ({ page }) => {
  await login(page, 'demobaru');
  await page.addInitScript(() => {
    const log: Array<[number, string]> = [];
    (window as unknown as { focusLog: typeof log }).focusLog = log;
    const tick = () => {
      const a = document.activeElement;
      log.push([performance.now(), a?.id || a?.tagName || '']);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto('/account/profile?field=domisili');
  await expect(page.locator('#propinsi_domisili')).toBeFocused();
  await page.waitForTimeout(1500); // past the island's hydration, which used to take the focus away
  const log = await page.evaluate(() => (window as unknown as { focusLog: Array<[number, string]> }).focusLog);
  const first = log.findIndex(([, id]) => id === 'propinsi_domisili');
  expect(first).toBeGreaterThan(-1);
  expect(log[first]![0]).toBeGreaterThanOrEqual(799);
  expect(log.slice(first).filter(([, id]) => id !== 'propinsi_domisili')).toEqual([]);
});
