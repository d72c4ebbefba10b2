import type { Page } from '@playwright/test';
import { axeViolations, LABEL_IN_NAME } from './axe';
import { expect, login, memberId, signIn, test } from './fixtures';

/**
 * Accessibility (issue #8): axe-core on every page of the portal with the demo data, signed in
 * read-only as the README's demo logins. Every violation is printed with its impact; the test
 * fails on any of them, of every impact (minor and moderate too: the menu toggle's role, empty
 * table headers, content outside landmarks and the dashboard's missing h1 were fixed and must
 * not come back).
 */

type Found = { page: string; id: string; impact: string; nodes: number; help: string; targets: string };

async function audit(page: Page, label: string, found: Found[], disableRules: string[] = []): Promise<void> {
  for (const v of await axeViolations(page, { disableRules })) {
    found.push({
      page: label,
      id: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      help: v.help,
      targets: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${v.id === 'color-contrast' ? ` ${n.any[0]?.message ?? ''}` : ''}`)
        .join(', '),
    });
  }
}

function report(title: string, found: Found[]): void {
  const lines = found.map((f) => `  [${f.impact}] ${f.id} ×${f.nodes} on ${f.page} — ${f.help} (${f.targets})`);
  console.log(`axe ${title}: ${found.length} violation(s)\n${lines.join('\n')}`);
  expect(found.map((f) => `${f.id} (${f.impact}) on ${f.page}`)).toEqual([]);
}

async function visit(page: Page, path: string, found: Found[]): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await audit(page, path, found);
}

test.describe.configure({ mode: 'parallel' });

test('signed-out pages have no axe violations', async ({ page }) => {
  const found: Found[] = [];
  for (const path of [
    '/signin',
    '/forgot-password',
    '/reset-password',
    '/daftar?joinme=DEMOPLATINUM',
    '/info/kode-etik',
    '/info/faq',
    '/offline',
  ])
    await visit(page, path, found);
  report('signed out', found);
});

test('the KONTEN console pages have no axe violations', async ({ page }) => {
  test.setTimeout(180_000); // seven pages, each analysed whole
  const found: Found[] = [];
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill('konten');
  await page.getByLabel('Password').fill('operator12345');
  await page.getByRole('button', { name: 'MASUK' }).click();
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
  for (const path of [
    '/admin/news',
    '/admin/news/baru',
    '/admin/banners',
    '/admin/promos',
    '/admin/promos/baru',
    '/admin/halaman',
    '/admin/halaman/kode-etik',
  ])
    await visit(page, path, found);
  report('KONTEN console', found);
});

// Every member page of demoplatinum: tests/e2e/member-pages.spec.ts (one visit a page for every check).

test('the audit finds what it is there to find: an image without alt, faint text, and only the rules asked for', async ({ page }) => {
  await login(page, 'demoplatinum');
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const image = document.createElement('img');
    image.src = '/favicon.svg';
    const faint = document.createElement('p');
    faint.textContent = 'Teks pucat';
    faint.style.color = '#eee';
    faint.style.background = '#fff';
    main.prepend(image, faint);
  });
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
  expect((await axeViolations(page, { rules: ['color-contrast'] })).map((v) => v.id)).toEqual(['color-contrast']);
  expect((await axeViolations(page, { disableRules: ['color-contrast'] })).map((v) => v.id)).toEqual(['image-alt']);
  expect(await axeViolations(page, { include: 'header' })).toEqual([]);
  // A control whose name leaves out the text it shows (WCAG 2.5.3): axe-core 4.13 runs that rule only when asked.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Simpan data';
    button.setAttribute('aria-label', 'Kirim');
    document.querySelector('main')!.append(button);
  });
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
  expect((await axeViolations(page, { enableRules: [LABEL_IN_NAME] })).map((v) => v.id).sort()).toEqual([
    'color-contrast',
    'image-alt',
    LABEL_IN_NAME,
  ]);
});

test('an order detail, its tracking dialog and the return form (demoplatinum) have no axe violations', async ({ page }) => {
  const found: Found[] = [];
  await login(page, 'demoplatinum');
  // An order detail page: the newest order of the member's list.
  const list = await (await page.request.get('/member/transaction')).json();
  const publicId: string | undefined = list.result?.rows?.[0]?.public_id;
  expect(publicId, 'demoplatinum has an order').toBeTruthy();
  await visit(page, `/transaksi/order-transaksi/detail/${publicId}`, found);

  // The return create form, opened.
  await page.goto('/transaksi/retur');
  await page.getByRole('button', { name: 'Buat Retur' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, '/transaksi/retur (Buat Retur)', found);

  report('order detail and return form', found);
});

test('the tracking dialog of a delivered order (?lacak=1) has no axe violations', async ({ page }) => {
  const found: Found[] = [];
  // The generated member with the showcase orders (order-detail.spec.ts), read only here.
  await signIn(page, memberId(270));
  await page.goto('/transaksi/order-transaksi?status=DELIVERY');
  const href = await page.locator('tbody tr a.row-link').first().getAttribute('href');
  expect(href, 'a delivered order').toBeTruthy();
  await page.goto(`${href}?lacak=1`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, `order detail ?lacak=1`, found);
  report('tracking dialog', found);
});

test('the upgrade stepper (demosilver) and the stokis report (demostokis) have no axe violations', async ({ browser }) => {
  const found: Found[] = [];
  const silver = await (await browser.newContext()).newPage();
  await login(silver, 'demosilver');
  await visit(silver, '/transaksi/order-transaksi/upgrade', found);
  // The registration stepper's member step, with the errors of an empty Next shown.
  await silver.goto('/transaksi/order-transaksi/registrasi');
  await expect(silver.getByRole('heading', { name: 'Data Calon Member', exact: true })).toBeVisible();
  await expect(silver.getByText('Memuat formulir…')).toHaveCount(0);
  await silver.locator('#m-kode-etik').check();
  await silver.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(silver.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit(silver, '/transaksi/order-transaksi/registrasi (member step, errors)', found);
  await silver.close();

  const stokis = await (await browser.newContext()).newPage();
  await login(stokis, 'demostokis');
  await visit(stokis, '/stokis/stokis-report', found);
  await stokis.close();
  report('stepper and stokis', found);
});

/** Tabs through the page and returns the ids (or names) of the controls that received focus. */
async function tabStops(page: Page, count: number): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? el.id || el.getAttribute('name') || el.getAttribute('aria-label') || el.tagName : '';
      }),
    );
  }
  return stops;
}

test('keyboard: Tab reaches every control of the stepper member step and of the return form', async ({ browser }) => {
  const silver = await (await browser.newContext()).newPage();
  await signIn(silver, 'demosilver');
  await silver.goto('/transaksi/order-transaksi/registrasi');
  await expect(silver.getByRole('heading', { name: 'Data Calon Member', exact: true })).toBeVisible();
  await expect(silver.getByText('Memuat formulir…')).toHaveCount(0);
  const form = silver.locator('main');
  const controls = await form
    .locator('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])')
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.id || e.getAttribute('name') || ''));
  expect(controls.length).toBeGreaterThan(5);
  await silver.getByLabel('No. KTP/SIM').focus();
  const reached = new Set([
    await silver.evaluate(() => document.activeElement?.id ?? ''),
    ...(await tabStops(silver, controls.length * 3 + 10)),
  ]);
  for (const id of controls) expect(reached, `Tab reaches ${id}`).toContain(id);
  // Typing works from the keyboard alone.
  await silver.getByLabel('Nama Lengkap').focus();
  await silver.keyboard.type('Calon Keyboard');
  await expect(silver.getByLabel('Nama Lengkap')).toHaveValue('Calon Keyboard');
  await silver.close();

  const platinum = await (await browser.newContext()).newPage();
  await signIn(platinum, 'demoplatinum');
  await platinum.goto('/transaksi/retur');
  const open = platinum.getByRole('button', { name: 'Buat Retur' });
  await open.focus();
  await platinum.keyboard.press('Enter');
  const dialog = platinum.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await platinum.waitForLoadState('networkidle');
  const returnControls = await dialog
    .locator('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.id || e.getAttribute('name') || e.getAttribute('aria-label') || e.tagName),
    );
  expect(returnControls.length).toBeGreaterThan(1);
  const returnReached = new Set(await tabStops(platinum, returnControls.length * 2 + 6));
  const inputs = returnControls.filter((c) => c !== 'BUTTON');
  for (const id of inputs) expect(returnReached, `Tab reaches ${id}`).toContain(id);
  // Escape closes the dialog.
  await platinum.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await platinum.close();
});
