import { expect, login, signIn, test } from './fixtures';

test('walks the tree: levels, DownL / UP / DownR and their disabled states, without a page reload', async ({ page }) => {
  await signIn(page, 'demosilver');
  await page.goto('/report/tree');
  await expect(page.locator('.tree-explorer[data-ready]')).toBeVisible();
  // A mark on the window survives only if no page loads.
  await page.evaluate(() => {
    (window as unknown as { stay: number }).stay = 1;
  });
  const nodes = page.locator('[role="tree"] a.node');
  await expect(nodes.first()).toContainText('Demo Silver');
  await expect(page.getByRole('button', { name: 'UP', exact: true })).toBeDisabled();
  await expect(page.locator('#level')).toHaveValue('3');
  await page.getByRole('button', { name: 'DownL', exact: true }).click();
  await expect(nodes.first()).toContainText('Demo Stokis');
  await expect(page).toHaveURL(/cariId=1000000004/);
  await expect(page.getByRole('button', { name: 'UP', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'UP', exact: true }).click();
  await expect(nodes.first()).toContainText('Demo Silver');
  await page.locator('#level').selectOption('2');
  await expect(page.locator('[role="tree"] .tree-cell')).toHaveCount(3);
  // Walk right to the end of the leg: DownR turns disabled where there is no right child.
  for (let i = 0; i < 60 && (await page.locator('a', { hasText: /^DownR$/ }).count()) > 0; i++) {
    const before = await nodes.first().getAttribute('data-id');
    await page.locator('a', { hasText: /^DownR$/ }).click();
    await expect(nodes.first()).not.toHaveAttribute('data-id', before!);
  }
  await expect(page.getByRole('button', { name: 'DownR', exact: true })).toBeDisabled();
  expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
  // The browser's Back goes to the member shown before.
  await page.goBack();
  await expect(page.locator('a', { hasText: /^DownR$/ })).toBeVisible();
});

test('search: an ID opens at 10 digits, a name lists after 3 characters; outsiders are not found', async ({ page }) => {
  await signIn(page, 'demosilver');
  await page.goto('/report/tree');
  await expect(page.locator('.tree-explorer[data-ready]')).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Cari ID/Nama' });
  await box.pressSequentially('100000000');
  await expect(page.locator('[role="tree"] a.node').first()).toContainText('Demo Silver');
  await box.pressSequentially('4');
  await expect(page).toHaveURL(/cariId=1000000004/);
  await expect(page.locator('[role="tree"] a.node').first()).toContainText('Demo Stokis');

  const options = page.getByRole('listbox', { name: 'Hasil pencarian member' }).getByRole('option');
  await box.fill('');
  await box.pressSequentially('De');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(options).toHaveCount(0);
  await box.pressSequentially('m');
  await expect(options.first()).toContainText('Demo Stokis');
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await page.goto('/report/tree?cariId=1000000001');
  await expect(page.getByText('Member tidak ditemukan di jaringan Anda')).toBeVisible();
  const api = await page.request.get('/member/reports/tree?cariId=1000000003&level=3');
  expect(api.status()).toBe(404);
});

test('folder view loads children on demand and closes them in place', async ({ page }) => {
  await login(page, 'demoplatinum');
  await page.getByRole('button', { name: 'Lihat Jaringan' }).click();
  await page.getByRole('link', { name: 'Folder' }).click();
  await expect(page.locator('.tree-explorer[data-ready]')).toBeVisible();
  const silver = page.getByRole('treeitem', { name: /^\w+ Demo Silver 1000000002 / });
  await expect(silver).toHaveAttribute('aria-expanded', 'false');
  await silver.locator('> .tree-toggle').click();
  const stokis = silver.getByRole('treeitem', { name: /^\w+ Demo Stokis 1000000004 / });
  await expect(stokis).toBeVisible();
  await stokis.locator('> .tree-toggle').click();
  // Its children arrive from /member/reports/sub-tree only now.
  await expect(stokis.getByRole('group').getByRole('treeitem').first()).toBeVisible();
  await silver.locator('> .tree-toggle').click();
  await expect(stokis).toBeHidden();
  await expect(silver).toHaveAttribute('aria-expanded', 'false');
});

test('downline report: filters, totals panel, CSV, and the dashboard doughnut', async ({ page }) => {
  await signIn(page, 'demosilver');
  await page.goto('/report/downline-report');
  await expect(page.locator('tbody tr')).toHaveCount(20);
  // Next and previous carry a cursor (ADR 0018) and keep the numbering across pages.
  const firstDownline = page.locator('tbody tr').first().locator('td[data-label="Downline"]');
  const firstId = (await firstDownline.innerText()).split('\n')[0]!;
  await page.getByRole('link', { name: 'Berikutnya' }).click();
  await expect(page).toHaveURL(/[?&]after=\d+/);
  await expect(page.locator('tbody tr').first().locator('td').first()).toHaveText('21');
  await page.getByRole('link', { name: 'Sebelumnya' }).click();
  await expect(page).toHaveURL(/[?&]before=\d+/);
  await expect(firstDownline).toContainText(firstId);
  await expect(page.locator('tbody tr').first().locator('td').first()).toHaveText('1');
  await page.getByLabel('Posisi').selectOption('PLATINUM');
  await page.getByRole('button', { name: 'Lihat' }).click();
  const badges = page.locator('tbody .badge');
  expect(await badges.count()).toBeGreaterThan(0);
  for (const text of await badges.allInnerTexts()) expect(text).toBe('PLATINUM');
  await page.getByText('Total downline').click();
  await page.getByRole('link', { name: 'Tampilkan total' }).click();
  await expect(page.locator('#summary-panel')).toContainText('Kiri');
  await expect(page.locator('#summary-panel')).toContainText('BV sponsor');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(file, 'utf8');
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
  expect(header).toContain('Tanggal Join');
  const posisi = header.indexOf('Posisi');
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row[posisi]).toBe('PLATINUM');
  // Fetched with its progress shown (issue #24), saved under the server's file name: every row counted.
  expect((await download).suggestedFilename()).toMatch(/^downline-\d+\.csv$/);
  await expect(page.locator('[data-export-status]')).toHaveText(`Selesai: ${rows.length.toLocaleString('id-ID')} baris diunduh.`);
  const bar = page.getByRole('progressbar', { name: 'Kemajuan export CSV' });
  expect(await bar.evaluate((p: HTMLProgressElement) => [p.value, p.max])).toEqual([rows.length, rows.length]);
  await page.getByLabel('Cari nama').fill('zzzzzz');
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page.locator('tbody')).toHaveText('No data');
  await page.goto('/');
  await expect(page.locator('#downline-card svg')).toHaveAttribute('aria-label', /Downline kiri \d+, kanan \d+/);
});

test('turnover report in its three modes', async ({ page }) => {
  await signIn(page, 'demoplatinum');
  await page.goto('/report/omset?jenisOmset=default&from=2020-01-01&to=2099-12-31');
  await expect(page.locator('thead')).toContainText('Repeat Order');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Jenis').selectOption('pribadi');
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page.locator('thead')).toContainText('No Invoice');
  await expect(page.locator('tbody tr').first()).toContainText('INV-');
  await page.getByLabel('Jenis').selectOption('sponsorgrup');
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page.locator('thead')).toContainText('Tgl Upgrade');
  await expect(page.locator('tbody')).toContainText('Demo Silver');
});
