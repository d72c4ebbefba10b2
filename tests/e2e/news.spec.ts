import { expect, login, signIn, test } from './fixtures';

test('News & Tips: 5 per page, paging, drafts never shown, scripts stripped, items collapsible', async ({ page }) => {
  let alerts = 0;
  page.on('dialog', async (dialog) => {
    alerts++;
    await dialog.dismiss();
  });
  await signIn(page, 'demobronze');
  await page.goto('/news/informasi');
  const items = page.locator('.news-list details');
  await expect(items).toHaveCount(5);
  const pager = page.getByRole('navigation', { name: 'Halaman' });
  await expect(pager.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');

  // 11 published items: pages of 5, 5 and 1; the draft is on none of them.
  const titles: string[] = [];
  titles.push(...(await page.locator('.news-list summary strong').allTextContents()));
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL('/news/informasi?page=2');
  await expect(items).toHaveCount(5);
  titles.push(...(await page.locator('.news-list summary strong').allTextContents()));
  await page.getByRole('navigation', { name: 'Halaman' }).getByRole('link', { name: 'Berikutnya' }).click();
  await expect(page).toHaveURL('/news/informasi?page=3');
  await expect(items).toHaveCount(1);
  titles.push(...(await page.locator('.news-list summary strong').allTextContents()));
  expect(new Set(titles).size).toBe(11);
  expect(titles).not.toContain('Pengumuman internal (draf)');

  // The item that carried a <script> shows its text, without the script.
  await page.goto('/news/informasi?page=1');
  const warning = items.filter({ hasText: 'Waspada penipuan' });
  if ((await warning.count()) === 0) {
    await page.goto('/news/informasi?page=2');
  }
  const item = page.locator('.news-list details').filter({ hasText: 'Waspada penipuan' });
  await item.locator('summary').click();
  await expect(item).toContainText('Perusahaan tidak pernah meminta password Anda');
  await expect(item.locator('script')).toHaveCount(0);
  expect(alerts).toBe(0);

  // Collapsible: opening one item and closing it again.
  const first = page.locator('.news-list details').first();
  const isOpen = () => first.evaluate((d: HTMLDetailsElement) => d.open);
  const before = await isOpen();
  await first.locator('summary').click();
  expect(await isOpen()).toBe(!before);
  await first.locator('summary').click();
  expect(await isOpen()).toBe(before);
});

test('the dashboard lists the 5 newest published items', async ({ page }) => {
  await login(page, 'demobronze');
  await expect(page.locator('#berita .news-list details')).toHaveCount(5);
  await expect(page.locator('#berita')).not.toContainText('Pengumuman internal (draf)');
  await page.locator('#berita').getByRole('link', { name: 'Lihat semua' }).click();
  await expect(page).toHaveURL('/news/informasi');
});

test('GET /member/news/ pages by 5 and never returns drafts or scripts', async ({ page }) => {
  await login(page, 'demobronze');
  const first = await (await page.request.get('/member/news/?page=1&page_size=5')).json();
  expect(first.success).toBe(true);
  expect(first.result.rows).toHaveLength(5);
  expect(first.result.total_count).toBe(11);
  const all = await (await page.request.get('/member/news/?page=1&page_size=20')).json();
  for (const row of all.result.rows) {
    expect(row.status).toBe(1);
    expect(row.content).not.toMatch(/<script/i);
  }
});
