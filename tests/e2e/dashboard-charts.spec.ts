import { expect, login, test } from './fixtures';

test('orders and bonus per month are drawn with a tooltip; the table stays for screen readers', async ({ page }) => {
  await login(page, 'demoplatinum');
  const orders = page.locator('#orders-per-month');
  await orders.scrollIntoViewIfNeeded();
  await expect(orders).toHaveAttribute('data-drawn', 'true');
  await expect(orders.locator('canvas')).toBeVisible();
  const table = orders.getByRole('table', { name: 'Order per bulan menurut jenis' });
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(table.locator('thead')).toContainText('Repeat Order');
  const bonus = page.locator('#bonus-per-month');
  await bonus.scrollIntoViewIfNeeded();
  await expect(bonus).toHaveAttribute('data-drawn', 'true');
  await expect(bonus.getByRole('table', { name: 'Bonus per bulan' }).locator('tbody td').first()).toContainText('Rp');
  const box = (await orders.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2);
  const tip = orders.locator('.month-chart-tip');
  await expect(tip).toBeVisible();
  // The last month's row of the table, as the tooltip shows it.
  const lastRow = await table.locator('tbody tr').last().locator('td').allInnerTexts();
  for (const value of lastRow) await expect(tip).toContainText(value);
});

test.describe('on a 360 px touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a tap shows the month; the doughnut and the pie fit in their cards', async ({ page }) => {
    await login(page, 'demoplatinum');
    const chart = page.locator('#orders-per-month');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-drawn', 'true');
    const over = (await chart.locator('.u-over').boundingBox())!;
    await page.touchscreen.tap(over.x + 10, over.y + over.height / 2);
    await expect(chart.locator('.month-chart-tip')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    for (const id of ['#order-share', '#downline-card']) {
      const svg = page.locator(`${id} svg.doughnut`);
      // Every drawn circle (centre 21, radius plus half its stroke) stays inside the 42×42 view box.
      const outer = await svg
        .locator('circle')
        .evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('r')) + Number(c.getAttribute('stroke-width')) / 2));
      for (const r of outer) expect(r).toBeLessThanOrEqual(21);
      const card = (await page.locator(id).boundingBox())!;
      const pie = (await svg.boundingBox())!;
      expect(pie.x).toBeGreaterThanOrEqual(card.x);
      expect(pie.x + pie.width).toBeLessThanOrEqual(card.x + card.width);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the charts read as tables', async ({ page }) => {
    await login(page, 'demoplatinum');
    const table = page.getByRole('table', { name: 'Order per bulan menurut jenis' });
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await expect(page.getByRole('table', { name: 'Bonus per bulan' })).toBeVisible();
  });
});
