import { expect, login, memberId, test } from './fixtures';
import { smallTargets } from './page-checks';

/**
 * Tap targets of at least 44×44 px (DESIGN.md §9, issue #23) at a phone's 360×800 on the pages of
 * the other demo members and on an order detail (what counts as a target: page-checks.ts).
 */

// demoplatinum's pages are measured in tests/e2e/member-pages.spec.ts, with the layout and axe.
const PAGES: Array<[string, string]> = [
  ['demosilver', '/transaksi/order-transaksi/upgrade'],
  ['demostokis', '/stokis/stokis-report'],
];

test.describe.configure({ mode: 'parallel' });

for (const who of ['demosilver', 'demostokis']) {
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
