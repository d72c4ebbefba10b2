import { login, test } from './fixtures';
for (const scheme of ['light', 'dark'] as const) {
  test(`shots ${scheme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await login(page, 'demoplatinum');
    for (const [name, path] of [['dashboard', '/'], ['tree', '/report/tree'], ['bonus', '/bonus/rincian-bonus?from=2026-01-01'], ['orders', '/transaksi/order-transaksi']]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots-shell/${name}-${scheme}.png` });
      if (name === 'dashboard') await page.screenshot({ path: `/tmp/shots-shell/${name}-${scheme}-full.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/report/pph');
    await page.screenshot({ path: `/tmp/shots-shell/pph-1280-${scheme}.png` });
    await page.goto('/');
    await page.screenshot({ path: `/tmp/shots-shell/dashboard-1280-${scheme}.png` });
  });
}
