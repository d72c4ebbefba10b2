import { axeViolations, LABEL_IN_NAME } from './axe';
import { expect, login, test } from './fixtures';
import { layoutProblems, smallTargets } from './page-checks';

/**
 * Every signed-in page of demoplatinum, opened once at a phone's 360×800 and once at a desktop's
 * 1280×900, with every whole-portal check run on what is open (issue #22: one visit a page, not
 * one a check; each check used to open every page again):
 * - 360×800: tap targets of at least 44×44 px (issue #23), the layout (no sideways scroll, key
 *   columns in view: page-checks.ts), then in the dark scheme axe's text contrast;
 * - 1280×900: the layout, then the full axe audit (WCAG 2.1 A and AA and best practices, every
 *   impact: issue #8; the menu toggle's role, empty table headers, content outside landmarks and
 *   the dashboard's missing h1 were fixed and must not come back), with WCAG 2.5.3 Label in Name
 *   (LABEL_IN_NAME, experimental in axe-core 4.13: the tree's nodes, issue #23);
 * Every finding is collected and printed, and the test fails on any of them.
 */

type Checked = {
  /** Column headers that must be in view (layoutProblems). */
  keys?: string[];
  /** A page that answers an error status (the 404 page) gets the axe audit only. */
  error?: boolean;
};

const GROUPS: Array<Record<string, Checked>> = [
  {
    '/': {},
    '/transaksi/order-transaksi': { keys: ['Status', 'Total Bayar'] },
    '/transaksi/order-transaksi/registrasi': {},
    '/transaksi/order-transaksi/repeat-order': {},
    '/transaksi/retur': { keys: ['No Retur', 'Status'] },
    '/transaksi/cek-ongkir': {},
    '/reward-promo/ongoing': {},
    '/reward-promo/completed': {},
  },
  {
    '/report/annual-pairing': { keys: ['Annual Pairing'] },
    '/report/bonus-bulanan': { keys: ['Bonus Bersih'] },
    '/report/bonus-harian': { keys: ['Bonus Bersih'] },
    '/report/downline-report': { keys: ['Downline', 'Posisi'] },
    '/report/omset': { keys: ['Omset'] },
    '/report/penarikan-bonus': { keys: ['Bonus Diterima'] },
    '/report/pph': { keys: ['PPh'] },
    '/report/tree': {},
    '/report/tree?tab=folder': {},
  },
  {
    '/bonus/rincian-bonus': {},
    '/bonus/withdraw': {},
    '/account/address': {},
    '/account/change-password': {},
    '/account/profile': {},
    '/news/informasi': {},
    '/halaman-yang-tidak-ada': { error: true },
  },
];

test.describe.configure({ mode: 'parallel' });

for (const [i, pages] of GROUPS.entries()) {
  const paths = Object.keys(pages);
  test(`member pages ${i + 1} (${paths[0]} …): tap targets, layout at 360 and 1280 px, axe in light and dark`, async ({ page }) => {
    test.setTimeout(240_000); // each page opened twice and audited: seconds a page on a loaded 2-core machine
    const problems: string[] = [];
    await page.setViewportSize({ width: 360, height: 800 });
    await login(page, 'demoplatinum');
    for (const [path, checked] of Object.entries(pages)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(checked.error ? 500 : 400);
      if (!checked.error) {
        // Islands drawn and data fetched: what is measured is what the member sees.
        await page.waitForLoadState('networkidle');
        for (const small of await smallTargets(page)) problems.push(`360 px ${path}: small target ${small}`);
        if (path === '/') {
          // The side menu opened from the bottom bar's "Lainnya", and the top bar's menus opened.
          await page.locator('.bottom-nav label', { hasText: 'Lainnya' }).click();
          await expect(page.locator('#side-menu')).toBeVisible();
          for (const small of await smallTargets(page)) problems.push(`360 px / (Lainnya open): small target ${small}`);
          await page.locator('.bottom-nav label', { hasText: 'Lainnya' }).click();
          await page.locator('#user-menu summary').click();
          for (const small of await smallTargets(page)) problems.push(`360 px / (user menu open): small target ${small}`);
          await page.locator('#user-menu summary').click();
        }
        for (const found of await layoutProblems(page, path, checked.keys ?? [])) problems.push(`360 px ${found}`);
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const v of await axeViolations(page, { rules: ['color-contrast'] }))
        for (const n of v.nodes) problems.push(`dark ${path}: contrast ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`);
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [path, checked] of Object.entries(pages)) {
      await page.goto(path);
      if (!checked.error) {
        await page.waitForLoadState('networkidle');
        for (const found of await layoutProblems(page, path, checked.keys ?? [])) problems.push(`1280 px ${found}`);
      }
      for (const v of await axeViolations(page, { enableRules: [LABEL_IN_NAME] })) {
        const targets = v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}${v.id === 'color-contrast' ? ` ${n.any[0]?.message ?? ''}` : ''}`)
          .join(', ');
        problems.push(`axe ${path}: [${v.impact}] ${v.id} ×${v.nodes.length} — ${v.help} (${targets})`);
      }
    }
    if (problems.length) console.log(`member pages ${i + 1}:\n  ${problems.join('\n  ')}`);
    expect(problems).toEqual([]);
  });
}
