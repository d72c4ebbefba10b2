import type { Page } from '@playwright/test';
import { axeViolations, LABEL_IN_NAME } from './axe';
import { expect, login, signIn, test } from './fixtures';

const ready = (page: Page) => expect(page.locator('.tree-explorer[data-ready]')).toBeVisible();
/** The focused element: a tree node is named by its card's text ("SILVER Demo Silver 1000000002 Kiri 105 · Kanan 37 …"). */
const focused = (page: Page) => page.locator(':focus');
const scale = async (page: Page) => Number(await page.locator('.tree-canvas').getAttribute('data-scale'));

test('the tree is an ARIA tree the arrow keys walk, with a single tab stop', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree');
  await ready(page);
  const tree = page.getByRole('tree');
  await expect(tree).toHaveAttribute('aria-label', /Demo Platinum/);
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await tree.getByRole('treeitem').first().focus();
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Platinum 1000000001 /);
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Silver 1000000002 /);
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Stokis 1000000004 /);
  // Demo Stokis is on the last level shown: Right opens it in place from /member/reports/sub-tree.
  const stokis = page.getByRole('treeitem', { name: /^\w+ Demo Stokis 1000000004 / });
  await expect(stokis).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(stokis).toHaveAttribute('aria-expanded', 'true');
  await expect(stokis.getByRole('group').getByRole('treeitem')).toHaveCount(2);
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).not.toHaveAccessibleName(/Demo Stokis/);
  await page.keyboard.press('ArrowLeft');
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Stokis /);
  await page.keyboard.press('ArrowLeft');
  await expect(stokis).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Silver /);
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  // Enter opens the member as the top of the tree, without a reload.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/cariId=1000000002/);
  await expect(page.getByRole('tree')).toHaveAttribute('aria-label', /Demo Silver/);
});

test('the search combobox is driven by the keyboard and opens the chosen member', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree');
  await ready(page);
  const box = page.getByRole('combobox', { name: 'Cari ID/Nama' });
  await box.pressSequentially('Demo S');
  const list = page.getByRole('listbox', { name: 'Hasil pencarian member' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const names = await list.getByRole('option').allInnerTexts();
  expect(names.every((n) => n.startsWith('Demo S'))).toBe(true);
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', 'cari-option-0');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  const second = await list
    .getByRole('option')
    .nth(names.length > 1 ? 1 : 0)
    .innerText();
  if (names.length > 1) await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page.getByRole('tree')).toHaveAttribute(
    'aria-label',
    new RegExp(second.split('\n')[0]!.trim().split(' ').slice(0, 2).join(' ')),
  );
});

test('a name typed in full and sent with Cari opens that member, also without the list', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree?cariId=Demo%20Stokis');
  await expect(page.getByRole('tree')).toHaveAttribute('aria-label', /Demo Stokis \(1000000004\)/);
  await page.goto('/report/tree?cariId=Demo');
  const matches = page.getByRole('navigation', { name: 'Hasil pencarian' });
  await expect(matches.getByRole('link', { name: /Demo Silver/ })).toBeVisible();
  await page.goto('/report/tree?cariId=Zzzzz%20Tidak%20Ada');
  await expect(page.getByText('Member tidak ditemukan di jaringan Anda')).toBeVisible();
});

test('desktop: the mouse drags the tree and the wheel zooms it', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree?level=5');
  await ready(page);
  const canvas = page.locator('.tree-canvas');
  const root = page.getByRole('treeitem').first().locator('> a.node');
  const box = (await canvas.boundingBox())!;
  const before = (await root.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + 140, { steps: 8 });
  await page.mouse.up();
  const after = (await root.boundingBox())!;
  expect(after.x - before.x).toBeGreaterThan(80);
  expect(after.y - before.y).toBeGreaterThan(60);
  // The drag ended on a card without opening it.
  await expect(page).toHaveURL(/level=5$/);
  const s = await scale(page);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => scale(page)).toBeGreaterThan(s);
  await page.getByRole('button', { name: 'Perkecil' }).click();
  await page.getByRole('button', { name: 'Pas layar' }).click();
  await expect.poll(() => scale(page)).toBeLessThan(1);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('one finger pans and two fingers pinch-zoom the five-level tree; nothing overflows the page', async ({ page }) => {
    await signIn(page, 'demoplatinum');
    await page.goto('/report/tree?level=5');
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The fingers go where the canvas is on screen (above the phone's bottom bar).
    await page.locator('.tree-canvas').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const canvas = (await page.locator('.tree-canvas').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map(([x, y], id) => ({ x, y, id })),
      });
    const cx = canvas.x + canvas.width / 2;
    const cy = canvas.y + canvas.height / 2;
    const start = await scale(page);
    await touch('touchStart', [
      [cx - 30, cy],
      [cx + 30, cy],
    ]);
    for (let d = 40; d <= 130; d += 15)
      await touch('touchMove', [
        [cx - d, cy],
        [cx + d, cy],
      ]);
    await touch('touchEnd', []);
    await expect.poll(() => scale(page)).toBeGreaterThan(start * 2);

    const root = page.getByRole('treeitem').first().locator('> a.node');
    const before = (await root.boundingBox())!;
    await touch('touchStart', [[cx, cy]]);
    for (let d = 10; d <= 100; d += 10) await touch('touchMove', [[cx + d, cy + d / 2]]);
    await touch('touchEnd', []);
    const after = (await root.boundingBox())!;
    expect(after.x - before.x).toBeGreaterThan(60);
    await expect(page).toHaveURL(/level=5$/);
  });
});

test('an empty slot on the edge of a leg offers "Daftar di sini": the stepper opens with the side chosen', async ({ page }) => {
  await signIn(page, 'demobronze');
  await page.goto('/report/tree');
  await ready(page);
  const register = page
    .getByRole('treeitem', { name: /^Kosong, Daftar di sini: slot Kiri / })
    .getByRole('link', { name: 'Daftar di sini' })
    .first();
  await expect(register).toBeVisible();
  const slot = await page
    .getByRole('treeitem', { name: /^Kosong, Daftar di sini: slot Kiri / })
    .first()
    .getAttribute('aria-label');
  const upline = slot!.replace(/^Kosong, Daftar di sini: slot Kiri di bawah /, '');
  await register.click();
  await expect(page).toHaveURL(/\/transaksi\/order-transaksi\/registrasi/);
  await expect(page.locator('#m-sisi')).toHaveValue('L');
  await expect(page.getByTestId('placement')).toContainText(`di bawah ${upline}`);
});

test('a /member call answered 401 sends the browser to sign in and forgets the saved user', async ({ page, context }) => {
  await signIn(page, 'demosilver');
  await page.goto('/report/tree');
  await ready(page);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('portal:user') ?? 'null')?.id_member)).toBe('1000000002');
  await context.clearCookies();
  await page.getByRole('button', { name: 'DownL', exact: true }).click();
  await expect(page).toHaveURL('/signin');
  expect(await page.evaluate(() => localStorage.getItem('portal:user'))).toBeNull();
});

test('logout forgets the saved user', async ({ page }) => {
  await login(page, 'demosilver');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('portal:user') ?? 'null'))).toEqual({
    id_member: '1000000002',
    nama: 'Demo Silver',
    posisi: 'SILVER',
    stokis: false,
  });
  await page.locator('#user-menu summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/signin');
  expect(await page.evaluate(() => localStorage.getItem('portal:user'))).toBeNull();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the tree and the folder still read and move with links and the search form', async ({ page }) => {
    await signIn(page, 'demosilver');
    await page.goto('/report/tree');
    const nodes = page.locator('[role="tree"] a.node');
    await expect(nodes.first()).toContainText('Demo Silver');
    expect(await nodes.count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'DownL', exact: true }).click();
    await expect(nodes.first()).toContainText('Demo Stokis');
    await page.getByLabel('Cari ID/Nama').fill('Demo Silver');
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(nodes.first()).toContainText('Demo Silver');
    await page.getByRole('link', { name: 'Folder' }).click();
    await expect(page.getByRole('tree')).toContainText('Demo Stokis');
    await page
      .getByRole('tree')
      .getByRole('link', { name: /Demo Stokis/ })
      .click();
    await expect(page).toHaveURL(/tab=folder.*cariId=1000000004/);
    await expect(page.getByRole('tree')).toHaveAttribute('aria-label', /Demo Stokis/);
  });
});

test('Shift + arrow keys pan the drawn tree and say so; the arrows alone still walk the nodes', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/tree');
  await ready(page);
  const inner = page.locator('.tree-canvas-inner');
  const offset = async () => {
    const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec((await inner.getAttribute('style')) ?? '');
    expect(m, 'the canvas has a translate()').not.toBeNull();
    return { x: Number(m![1]), y: Number(m![2]) };
  };
  await expect(page.getByRole('tree')).toHaveAccessibleDescription('Shift + panah: geser pohon');
  await page.getByRole('treeitem').first().focus();
  const start = await offset();
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await offset()).x).toBe(start.x - 80);
  await expect(page.getByTestId('tree-pan-status')).toHaveText('Pohon digeser ke kanan');
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => (await offset()).y).toBe(start.y - 80);
  await expect(page.getByTestId('tree-pan-status')).toHaveText('Pohon digeser ke bawah');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  await expect.poll(offset).toEqual(start);
  // Focus stayed on the top member while panning; ArrowDown without Shift moves it and does not pan.
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Platinum 1000000001 /);
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAccessibleName(/^\w+ Demo Silver 1000000002 /);
  expect(await offset()).toEqual(start);
});

for (const size of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`the tree island takes the place the server reserved: no layout shift at ${size.width} px (CLS 0)`, async ({ page }) => {
    await page.setViewportSize(size);
    await login(page, 'demoplatinum');
    // Every layout shift of the page from its first paint on, as Chromium reports it (the CLS metric's entries).
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
          if (!e.hadRecentInput)
            w.shifts.push(
              `${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => `${(s.node as Element | undefined)?.className ?? '?'} ${JSON.stringify((s as unknown as { previousRect: DOMRect }).previousRect)}→${JSON.stringify((s as unknown as { currentRect: DOMRect }).currentRect)}`).join(' , ')}`,
            );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/report/tree');
    await ready(page);
    await expect(page.locator('.tree-canvas')).toBeVisible();
    // Two frames after hydration: whatever it moves has been laid out and reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });
}

for (const size of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`every tree node is named by the text its card shows (WCAG 2.5.3 Label in Name): no axe violation at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const found: string[] = [];
    const audit = async (what: string) => {
      for (const v of await axeViolations(page, { enableRules: [LABEL_IN_NAME] }))
        found.push(`${what}: ${v.id} ×${v.nodes.length} (${v.nodes[0]?.target.join(' ')})`);
    };
    await signIn(page, 'demoplatinum');
    // The drawn tree, its cards holding the cards below them; then the folder with a member opened in place.
    await page.goto('/report/tree');
    await ready(page);
    const top = page.getByRole('treeitem').first();
    // The name is what the card shows, in its order: rank, name, ID Member, then the left and right counts.
    await expect.soft(top).toHaveAccessibleName(/^PLATINUM Demo Platinum 1000000001 Kiri \d+ · Kanan \d+ Pasangan \d+ Sisa BV \d+\/\d+$/);
    await audit('/report/tree');
    await page.goto('/report/tree?tab=folder');
    await ready(page);
    await page.locator('[role="treeitem"][aria-level="2"]').first().locator('> .tree-toggle').click();
    await expect(page.locator('[role="treeitem"][aria-level="3"]').first()).toBeVisible();
    await expect.soft(page.getByRole('treeitem', { name: /^SILVER Demo Stokis 1000000004 Kiri \d+ · Kanan \d+$/ })).toBeVisible();
    await audit('/report/tree?tab=folder');
    // Empty places: "Kosong" and "Daftar di sini" are in the name, then the side and the upline.
    await page.context().clearCookies();
    await signIn(page, 'demobronze');
    await page.goto('/report/tree');
    await ready(page);
    await expect.soft(page.getByRole('treeitem', { name: /^Kosong, Daftar di sini: slot Kiri di bawah / }).first()).toBeVisible();
    await audit('/report/tree (demobronze)');
    expect(found).toEqual([]);
  });
}
