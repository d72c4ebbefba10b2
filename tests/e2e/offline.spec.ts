import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { root } from '../../scripts/bench-server.mjs';
import { CONNECTION_LOST } from '../../src/lib/offline-messages';
import { axeViolations } from './axe';
import { expect, login, test } from './fixtures';

// The installable, offline-readable portal (issue #23, public/sw.js, docs/decisions/0020-offline.md):
// nothing is installed; the service worker registers itself like on a member's phone. Read-only:
// demoplatinum's pages are read, its data never changed.

const OFFLINE_LINE = /^Offline: data per \d{1,2} [A-Z][a-z]+ \d{4} \d{2}:\d{2} WIB$/;
const OFFLINE_PAGE = 'Tidak ada koneksi internet';

/** Waits until the service worker controls the page (it registers after load and claims open pages). */
async function underWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 20_000 });
}

const bonusList = (page: Page) => page.locator('main details > summary');

/** The paths the worker keeps for the signed-in session (its one `private-*` cache). */
const keptPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('private-'));
    return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
  });

const treeNodes = (page: Page) => page.locator('[role="tree"] a.node');
const orderRows = (page: Page) => page.locator('main tbody tr');

/** The names of the worker's caches that hold a member's pages. */
const privateCaches = (page: Page): Promise<string[]> =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('private-')));

/** Signs in, lets the worker take over, and reads the dashboard and the bonus details online. */
async function readOnline(page: Page): Promise<{ name: string; id: string; bonusRows: string[] }> {
  await login(page, 'demoplatinum');
  await underWorker(page);
  await page.goto('/');
  const user = JSON.parse((await page.locator('body').getAttribute('data-user'))!) as { id_member: string; nama: string };
  await expect(page.locator('main').getByText(`ID ${user.id_member}`).first()).toBeVisible();
  await expect(page.locator('.offline-line')).toBeHidden();
  await page.goto('/bonus/rincian-bonus');
  // The bonuses of the period, one summary each ("PAIR · 25 November 2026 · Rp 48.750 PENDING").
  await expect(bonusList(page).first()).toBeVisible();
  const bonusRows = await bonusList(page).allInnerTexts();
  expect(bonusRows.join('')).toMatch(/Rp\s[\d.]+/);
  // Kept once the worker has stored it (after the answer went to the page).
  await expect.poll(() => privateCaches(page)).toHaveLength(1);
  return { name: user.nama, id: user.id_member, bonusRows };
}

// The worker is what this file tests (playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

test('the dashboard, a bonus report, the tree and the order list open again without a network, with the "Offline: data per" line', async ({
  page,
  context,
}) => {
  const seen = await readOnline(page);
  // The tree and the order list, read online too (the same session): their nodes and rows.
  await page.goto('/report/tree');
  await expect(treeNodes(page).first()).toBeVisible();
  // Its island ran online (client:painted: its scripts are fetched, and kept by the worker, only then).
  await expect(page.locator('.tree-explorer')).toHaveAttribute('data-ready', 'true');
  const nodes = await treeNodes(page).allTextContents();
  await page.goto('/transaksi/order-transaksi');
  await expect(orderRows(page).locator('a.row-link').first()).toBeVisible();
  const orders = await orderRows(page).allTextContents();
  await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(['/report/tree', '/transaksi/order-transaksi']));
  await context.setOffline(true);

  for (const [path, shown, before] of [
    ['/report/tree', treeNodes, nodes],
    ['/transaksi/order-transaksi', orderRows, orders],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('.offline-line'), path).toHaveText(OFFLINE_LINE);
    await expect(shown(page), path).toHaveText(before);
  }
  // An island's action that needs the server says so on the kept tree: another member asked for
  // by ID gets the connection message, and the tree shown stays as it was.
  await page.goto('/report/tree');
  await expect(page.locator('.tree-explorer')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('combobox', { name: 'Cari ID/Nama' }).fill('1000000004');
  await expect(page.getByRole('alert')).toHaveText(CONNECTION_LOST);
  await expect(treeNodes(page)).toHaveText(nodes);

  await page.goto('/bonus/rincian-bonus');

  await page.reload();
  await expect(page.locator('.offline-line')).toHaveText(OFFLINE_LINE);
  await expect(bonusList(page)).toHaveText(seen.bonusRows);
  const violations = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21aa'], include: '.offline-line' });
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.goto('/');
  await expect(page.locator('.offline-line')).toHaveText(OFFLINE_LINE);
  await expect(page.locator('main').getByText(`ID ${seen.id}`).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('main').getByText(`ID ${seen.id}`).first()).toBeVisible();

  // A page never kept (the profile): the offline page, not the browser's error.
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: OFFLINE_PAGE })).toBeVisible();
  await expect(page.getByText(seen.name)).toHaveCount(0);

  // An action that needs the server says so: the report with another period (not kept) and a
  // form sent (POST) get the offline page, not the browser's error nor the kept period's data.
  await page.goto('/bonus/rincian-bonus');
  await page.getByLabel('Dari').fill('2020-01-01');
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expect(page.getByRole('heading', { name: OFFLINE_PAGE })).toBeVisible();
  await expect(page.getByText('formulir tidak dapat dikirim tanpa koneksi')).toBeVisible();
  await page.goBack();
  await expect(bonusList(page)).toHaveText(seen.bonusRows);

  // Back online: the network's answer again, without the line.
  await context.setOffline(false);
  await page.reload();
  await expect(bonusList(page)).toHaveText(seen.bonusRows);
  await expect(page.locator('.offline-line')).toBeHidden();
});

test('after logout nothing of the member is readable offline: the offline page instead', async ({ page, context }) => {
  const seen = await readOnline(page);
  await page.goto('/');
  await page.locator('#user-menu summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/signin');
  await expect.poll(() => privateCaches(page)).toEqual([]);

  await context.setOffline(true);
  for (const path of ['/', '/bonus/rincian-bonus', '/signin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: OFFLINE_PAGE }), path).toBeVisible();
    await expect(page.getByText(seen.name), path).toHaveCount(0);
    await expect(bonusList(page), path).toHaveCount(0);
  }
});

test('a logout tapped without a network still erases the kept pages on this phone', async ({ page, context }) => {
  const seen = await readOnline(page);
  await page.goto('/');
  await context.setOffline(true);
  await page.locator('#user-menu summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: OFFLINE_PAGE })).toBeVisible();
  await expect.poll(() => privateCaches(page)).toEqual([]);
  await page.goto('/bonus/rincian-bonus');
  await expect(page.getByRole('heading', { name: OFFLINE_PAGE })).toBeVisible();
  await expect(page.getByText(seen.name)).toHaveCount(0);
});

test('a session ended elsewhere (401 of the API) erases the kept pages', async ({ page, context, request }) => {
  const seen = await readOnline(page);
  // The session is ended from another device (its token, as the API's bearer).
  const token = (await context.cookies()).find((c) => c.name === 'pm_session')!.value;
  const ended = await request.post('/member/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(ended.status()).toBe(200);
  // The page's next call to the server is refused: the layout script goes to sign-in. The call is
  // started, not awaited, inside the page: the navigation it causes ends the page's context, and
  // an evaluate still waiting for the answer then fails with it.
  await page.evaluate(() => {
    void fetch('/member/dashboard');
  });
  await expect(page).toHaveURL('/signin');
  await expect.poll(() => privateCaches(page)).toEqual([]);

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: OFFLINE_PAGE })).toBeVisible();
  await expect(page.getByText(seen.name)).toHaveCount(0);
});

test('a page answered 401 or 403 erases the kept pages', async ({ page, context }) => {
  const seen = await readOnline(page);
  // No member page of the portal answers a GET with 401 or 403 today (a page it may not show is a
  // 404, an ended session a redirect to sign-in, the API's refusals are JSON under /member, which
  // the worker passes through untouched): the answer is made in the network, where a proxy or a
  // future page would make it. Playwright's routing sees the worker's own requests but not the
  // navigation preload (the browser's request), so the worker asks with fetch() here: the same
  // answer reaches the same code (page() in public/sw.js), preloaded or fetched.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.disable());
  for (const status of [403, 401]) {
    // Kept (again, after the 403: the session itself is still valid).
    for (const path of ['/bonus/rincian-bonus', '/']) await page.goto(path);
    await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(['/', '/bonus/rincian-bonus']));
    const refused = `**/report/bonus-harian?status=${status}`;
    await context.route(refused, (route) =>
      route.fulfill({
        status,
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>${status}</title><h1>Akses ditolak</h1>`,
      }),
    );
    const response = await page.goto(`/report/bonus-harian?status=${status}`);
    expect(response?.status()).toBe(status);
    // Answered through the worker, not around it; without x-offline-key, only its status can make the worker erase.
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Akses ditolak' })).toBeVisible();
    await expect.poll(() => privateCaches(page), `after a ${status}`).toEqual([]);
    await context.unroute(refused);
  }

  await context.setOffline(true);
  for (const path of ['/', '/bonus/rincian-bonus']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: OFFLINE_PAGE }), path).toBeVisible();
    await expect(page.getByText(seen.name), path).toHaveCount(0);
    await expect(bonusList(page), path).toHaveCount(0);
  }
});

test("another member signing in on the same phone never reads the previous member's kept pages", async ({ page, context }) => {
  const first = await readOnline(page);
  // The session cookie is lost without a logout (a cleared browser, an expired cookie): another member signs in.
  await context.clearCookies();
  await login(page, 'demosilver');
  const second = JSON.parse((await page.locator('body').getAttribute('data-user'))!) as { nama: string; id_member: string };
  expect(second.nama).not.toBe(first.name);
  await expect.poll(() => privateCaches(page)).toHaveLength(1);

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.locator('.offline-line')).toHaveText(OFFLINE_LINE);
  await expect(page.locator('main').getByText(`ID ${second.id_member}`).first()).toBeVisible();
  await expect(page.getByText(first.name)).toHaveCount(0);
  // The first member's bonus report was kept, but not for this session.
  await page.goto('/bonus/rincian-bonus');
  await expect(page.getByRole('heading', { name: OFFLINE_PAGE })).toBeVisible();
  await expect(page.getByText(first.name)).toHaveCount(0);
});

test("past the session's end the kept pages are erased, not shown", async ({ page, context }) => {
  const seen = await readOnline(page);
  // The kept dashboard and bonus report carry the session's end (x-offline-until); the phone's
  // clock passes it: each kept answer is stored again with an end a minute ago (the page and the
  // worker share the origin's Cache Storage).
  await page.goto('/');
  await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(['/', '/bonus/rincian-bonus']));
  await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('private-'))!;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const kept = (await cache.match(request))!;
      const headers = new Headers(kept.headers);
      if (!headers.get('x-offline-until')) throw new Error(`${request.url}: kept without x-offline-until`);
      headers.set('x-offline-until', String(Date.now() - 60_000));
      await cache.put(request, new Response(await kept.blob(), { status: 200, headers }));
    }
  });
  await context.setOffline(true);
  for (const path of ['/bonus/rincian-bonus', '/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: OFFLINE_PAGE }), path).toBeVisible();
    await expect(page.getByText(seen.name), path).toHaveCount(0);
  }
  await expect.poll(() => privateCaches(page)).toEqual([]);
});

test('a new deploy: the waiting worker is offered as "Versi baru tersedia" and takes over on "Muat ulang"', async ({ page }) => {
  await readOnline(page);
  const shells = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('shell-')));
  const [current] = await shells();
  expect(current).toMatch(/^shell-[0-9a-f]{12}$/);
  await expect(page.getByText('Versi baru tersedia')).toBeHidden();
  // The next deploy: the built worker with another version stamp (what the build writes), put
  // back afterwards.
  const file = path.join(root, 'dist/client/sw.js');
  const built = fs.readFileSync(file, 'utf8');
  expect(built).toContain(`const VERSION = '${current.slice('shell-'.length)}';`);
  try {
    fs.writeFileSync(file, built.replace(/const VERSION = '([0-9a-f]+)';/, "const VERSION = '$1next';"));
    await page.goto('/');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'Versi baru tersedia' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    // Still the old version until the member chooses.
    expect(await shells()).toContain(current);
    // The page reloads once the new worker has taken over (a read during the reload gives nothing).
    await prompt.getByRole('button', { name: 'Muat ulang' }).click();
    await expect.poll(() => shells().catch(() => [])).toEqual([`${current}next`]);
  } finally {
    fs.writeFileSync(file, built);
  }
  await expect(page.getByText('Versi baru tersedia')).toBeHidden();
  await expect(
    page
      .locator('main')
      .getByText(/^ID \d+/)
      .first(),
  ).toBeVisible();
});

test('the portal is installable: its manifest names the app, its start page and its icons', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b6e4f');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Portal Member', start_url: '/', display: 'standalone', lang: 'id', theme_color: '#0b6e4f' });
  const sizes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') {
      const png = await file.body();
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose}`);
    }
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});
