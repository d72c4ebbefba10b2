import { expect, login, test } from './fixtures';

/**
 * Every signed-in screen at a phone's 360×800 and a desktop's 1280×900: the page never scrolls
 * sideways as a whole, and the key columns of its data table (the money, the status) are on
 * screen without scrolling the table.
 */
const sizes = [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
];

/** Page → the column headers that must be in view (exact header text). */
const pages: Record<string, string[]> = {
  '/': [],
  '/transaksi/order-transaksi': ['Status', 'Total Bayar'],
  '/transaksi/cek-ongkir': [],
  '/transaksi/retur': ['No Retur', 'Status'],
  '/report/tree': [],
  '/report/downline-report': ['Downline', 'Posisi'],
  '/report/omset': ['Omset'],
  '/report/bonus-harian': ['Bonus Bersih'],
  '/report/bonus-bulanan': ['Bonus Bersih'],
  '/report/annual-pairing': ['Annual Pairing'],
  '/report/penarikan-bonus': ['Bonus Diterima'],
  '/report/pph': ['PPh'],
  '/reward-promo/ongoing': [],
  '/reward-promo/completed': [],
  '/bonus/rincian-bonus': [],
  '/bonus/withdraw': [],
  '/news/informasi': [],
  '/account/profile': [],
  '/account/address': [],
  '/account/change-password': [],
  '/transaksi/order-transaksi/repeat-order': [],
};

for (const size of sizes) {
  test(`no signed-in page scrolls sideways at ${size.width}×${size.height} and key columns are in view`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await login(page, 'demoplatinum');
    const problems: string[] = [];
    for (const [path, keys] of Object.entries(pages)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      if (scrollWidth > innerWidth) problems.push(`${path}: page is ${scrollWidth - innerWidth}px too wide`);
      for (const key of keys) {
        // A table in card rows shows the value under its label; otherwise the column's header is on screen.
        const card = page.locator(`main table td[data-label="${key}"]`).first();
        const header = page
          .locator('main table th')
          .filter({ hasText: new RegExp(`^\\s*${key}\\s*[▲▼]?\\s*$`) })
          .first();
        const box = (await card.isVisible()) ? await card.boundingBox() : await header.boundingBox();
        if (!box) {
          problems.push(`${path}: column ${key} not shown`);
          continue;
        }
        if (box.x < 0 || box.x + box.width > innerWidth + 1)
          problems.push(`${path}: column ${key} off screen (${Math.round(box.x)}–${Math.round(box.x + box.width)})`);
      }
      // Filter bars: every date field is whole on screen and wide enough for its date (a filter folded
      // behind its "Filter" disclosure on a phone is opened first, as the member would).
      for (const fold of await page.locator('main details:not([open])').all()) {
        const summary = fold.locator(':scope > summary');
        if ((await fold.locator('input[type="date"], input[type="month"]').count()) && (await summary.isVisible())) await summary.click();
      }
      for (const input of await page.locator('main input[type="date"], main input[type="month"]').all()) {
        const box = await input.boundingBox();
        const name = await input.getAttribute('name');
        if (!box) continue;
        if (box.x < 0 || box.x + box.width > innerWidth + 1) problems.push(`${path}: date field ${name} off screen`);
        if (box.width < 120) problems.push(`${path}: date field ${name} clipped (${Math.round(box.width)}px)`);
      }
      // Amounts never wrap: every "Rp …" on the page sits on one line.
      const broken = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent?.checkVisibility() || parent.closest('.sr-only, .print-only, .print-only-table')) continue;
          for (const match of node.textContent!.matchAll(/Rp\s*-?[\d.]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0);
            if (new Set(rects.map((r) => Math.round(r.top))).size > 1) found.push(match[0]);
          }
        }
        return found;
      });
      if (broken.length) problems.push(`${path}: amounts broken over two lines: ${broken.slice(0, 3).join(', ')}`);
      // No placeholder links anywhere.
      const placeholders = await page.locator('a[href*="example.com"]').count();
      if (placeholders) problems.push(`${path}: ${placeholders} placeholder link(s) to example.com`);
      await page.screenshot({ path: `/tmp/shots/${size.width}${path === '/' ? '/dashboard' : path}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  });
}
