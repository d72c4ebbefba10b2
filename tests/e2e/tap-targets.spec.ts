import type { Page } from '@playwright/test';
import { expect, login, memberId, test } from './fixtures';

/**
 * Tap targets of at least 44×44 px (DESIGN.md §9, issue #23) on every signed-in member page at a
 * phone's 360×800: every visible link, button, input, select, textarea and summary is measured.
 *
 * What counts as the target:
 * - a checkbox or radio, or an input drawn under its label (the menu toggle, the file input), is
 *   tapped through its label: the target is the input and its labels together;
 * - WCAG 2.5.8's inline exception: a link inside a sentence (displayed inline, with text of its
 *   block around it) is sized by the line-height of that text and is not counted.
 * Elements of the screen-reader only (.sr-only) and ones placed off screen until focused (the skip
 * link) are not on the screen to be tapped.
 */

const PAGES: Array<[string, string]> = [
  ['demoplatinum', '/'],
  ['demoplatinum', '/transaksi/order-transaksi'],
  ['demoplatinum', '/transaksi/order-transaksi/registrasi'],
  ['demoplatinum', '/transaksi/order-transaksi/repeat-order'],
  ['demoplatinum', '/transaksi/retur'],
  ['demoplatinum', '/transaksi/cek-ongkir'],
  ['demoplatinum', '/reward-promo/ongoing'],
  ['demoplatinum', '/reward-promo/completed'],
  ['demoplatinum', '/report/tree'],
  ['demoplatinum', '/report/tree?tab=folder'],
  ['demoplatinum', '/report/downline-report'],
  ['demoplatinum', '/report/omset'],
  ['demoplatinum', '/report/bonus-harian'],
  ['demoplatinum', '/report/bonus-bulanan'],
  ['demoplatinum', '/report/penarikan-bonus'],
  ['demoplatinum', '/report/annual-pairing'],
  ['demoplatinum', '/report/pph'],
  ['demoplatinum', '/bonus/rincian-bonus'],
  ['demoplatinum', '/bonus/withdraw'],
  ['demoplatinum', '/news/informasi'],
  ['demoplatinum', '/account/profile'],
  ['demoplatinum', '/account/address'],
  ['demoplatinum', '/account/change-password'],
  ['demosilver', '/transaksi/order-transaksi/upgrade'],
  ['demostokis', '/stokis/stokis-report'],
];

const MIN = 44;

/** The targets on screen smaller than 44×44 px, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
    const union = (rects: DOMRect[]) => {
      const r = rects.filter((x) => x.width > 0 && x.height > 0);
      if (r.length === 0) return null;
      const left = Math.min(...r.map((x) => x.left));
      const top = Math.min(...r.map((x) => x.top));
      const right = Math.max(...r.map((x) => x.right));
      const bottom = Math.max(...r.map((x) => x.bottom));
      return { left, top, width: right - left, height: bottom - top };
    };
    const inlineInSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = (el.textContent ?? '').trim().length;
      return !!block && (block.textContent ?? '').replace(/\s+/g, ' ').trim().length > own + 2;
    };
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.sr-only, [hidden], [inert]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const input = el instanceof HTMLInputElement ? el : null;
      const drawnByLabel = input && (['checkbox', 'radio'].includes(input.type) || getComputedStyle(input).opacity === '0');
      const box = drawnByLabel
        ? union([
            input.getBoundingClientRect(),
            ...[...(input.labels ?? [])].filter((l) => l.checkVisibility()).map((l) => l.getBoundingClientRect()),
          ])
        : el.getBoundingClientRect();
      if (!box) continue;
      if (box.left + box.width <= 0 || box.left >= window.innerWidth) continue; // off screen until focused (skip link)
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      if (inlineInSentence(el)) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.id ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      found.push(
        `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return found;
  }, MIN);
}

test.describe.configure({ mode: 'parallel' });

for (const who of ['demoplatinum', 'demosilver', 'demostokis']) {
  const pages = PAGES.filter(([member]) => member === who).map(([, path]) => path);
  test(`every target at least 44×44 px at 360×800 (${who}: ${pages.length} page(s))`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await login(page, who);
    const problems: string[] = [];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await page.waitForLoadState('networkidle');
      for (const small of await smallTargets(page)) problems.push(`${path}: ${small}`);
      if (path === '/') {
        // The side menu opened from the bottom bar's "Lainnya", and the top bar's menus opened.
        await page.locator('.bottom-nav label', { hasText: 'Lainnya' }).click();
        await expect(page.locator('#side-menu')).toBeVisible();
        for (const small of await smallTargets(page)) problems.push(`/ (Lainnya open): ${small}`);
        await page.locator('.bottom-nav label', { hasText: 'Lainnya' }).click();
        await page.locator('#user-menu summary').click();
        for (const small of await smallTargets(page)) problems.push(`/ (user menu open): ${small}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test('an order detail at 360×800: every target at least 44×44 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await login(page, memberId(270));
  const list = await (await page.request.get('/member/transaction')).json();
  const publicId: string | undefined = list.result?.rows?.[0]?.public_id;
  expect(publicId, 'the showcase member has an order').toBeTruthy();
  await page.goto(`/transaksi/order-transaksi/detail/${publicId}`);
  await page.waitForLoadState('networkidle');
  expect(await smallTargets(page)).toEqual([]);
});
