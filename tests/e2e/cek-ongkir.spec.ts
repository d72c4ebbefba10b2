import { expect, login, signIn, test } from './fixtures';
import { hydrated, pickRegion } from './region';

test('the shipping cost check lists the couriers’ services cheapest first after the region cascade', async ({ page }) => {
  await login(page, 'demosilver');
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await menu.getByText('Transaksi', { exact: true }).click();
  await menu.getByRole('link', { name: 'Cek Ongkir' }).click();
  await expect(page.getByRole('heading', { name: 'Cek Ongkir' })).toBeVisible();
  await expect(page.locator('#ongkir')).toHaveCount(0);
  await hydrated(page, 'RegionPicker');
  await pickRegion(page.getByRole('combobox', { name: 'Provinsi' }), 'Jawa Timur');
  await pickRegion(page.getByRole('combobox', { name: 'Kota/Kabupaten' }), 'Kota Surabaya');
  await pickRegion(page.getByRole('combobox', { name: 'Kecamatan' }));
  await pickRegion(page.getByRole('combobox', { name: 'Kelurahan' }));
  await page.getByLabel('Berat (kg)').fill('2.5');
  await page.getByRole('button', { name: 'Lihat' }).click();

  const rows = page.locator('#ongkir tbody tr');
  await expect(rows.first()).toBeVisible();
  const cost = async () => (await page.locator('#ongkir tbody tr td:last-child').allInnerTexts()).map((s) => Number(s.replace(/\D/g, '')));
  const light = await cost();
  expect(light.length).toBeGreaterThan(1);
  expect(light).toEqual([...light].sort((a, b) => a - b));
  await expect(page.locator('#ongkir')).toContainText('JNE');
  // The suggested service (spec/001 §9) carries the stepper's word: the fastest above one day, an
  // estimate like "1-2" read as its upper bound (2), then the cheapest.
  const suggested = rows.filter({ hasText: 'Disarankan' });
  await expect(suggested).toHaveCount(1);
  const upper = (etd: string) => Math.max(...(etd.match(/\d+/g) ?? ['0']).map(Number));
  const options = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      etd: tr.children[3]!.textContent!.trim(),
      cost: Number(tr.children[4]!.textContent!.replace(/\D/g, '')),
      suggested: tr.textContent!.includes('Disarankan'),
    })),
  );
  const eligible = options.filter((o) => upper(o.etd) > 1).sort((a, b) => upper(a.etd) - upper(b.etd) || a.cost - b.cost);
  expect(eligible[0]?.suggested).toBe(true);
  // Heavier parcels cost more; the choices stay in the URL (a GET form).
  await page.getByLabel('Berat (kg)').fill('10');
  await page.getByRole('button', { name: 'Lihat' }).click();
  await expect(page).toHaveURL(/berat=10/);
  expect(Math.min(...(await cost()))).toBeGreaterThan(Math.min(...light));
});

test('the region picker is as tall before hydration (and without JavaScript) as after: the form does not shift', async ({
  browser,
  baseURL,
}) => {
  const heights = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await signIn(page, 'demosilver');
    await page.goto('/transaksi/cek-ongkir');
    if (javaScriptEnabled) await hydrated(page, 'RegionPicker');
    const levels = await page.locator('.region-level').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    await context.close();
    return levels;
  };
  const served = await heights(false);
  expect(served.length).toBeGreaterThan(3);
  expect(await heights(true)).toEqual(served);
});
