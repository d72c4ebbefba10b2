import type { Browser, Page } from '@playwright/test';
import { expect, login, signIn, test } from './fixtures';

async function operatorPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill(username);
  await page.getByLabel('Password').fill('operator12345');
  await page.getByRole('button', { name: 'MASUK' }).click();
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
  return page;
}

const jakartaDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

test("KONTEN's day: publishes a news item the member then sees, creates a promo the member claims, edits the FAQ page, renames the portal and gives it a logo", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a whole working day of pages, on a shared machine
  const konten = await operatorPage(browser, 'konten');
  for (const label of ['News', 'Banner', 'Promo', 'Halaman'])
    await expect(konten.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(konten.getByRole('link', { name: 'Order', exact: true })).toHaveCount(0);

  // News: written as a draft (members do not see it), then published (they do), then taken back.
  const title = `Uji konsol ${Date.now()}`;
  await konten.getByRole('link', { name: 'News', exact: true }).click();
  await konten.getByRole('button', { name: 'Tulis berita baru' }).click();
  await konten.getByLabel('Judul').fill(title);
  await konten.getByLabel('Isi berita').fill('<p onclick="alert(1)">Gudang buka hari <strong>Sabtu</strong>.</p><script>alert(2)</script>');
  await konten.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(konten.getByRole('status')).toHaveText('Berita disimpan');
  await expect(konten.getByLabel('Isi berita')).toHaveValue('<p>Gudang buka hari <strong>Sabtu</strong>.</p>');

  await signIn(page, 'demoplatinum');
  await page.goto('/news/informasi');
  await expect(page.locator('.news-list summary strong').first()).not.toHaveText(title);

  await konten.getByRole('button', { name: 'Simpan & Terbitkan' }).click();
  await expect(konten.getByRole('status')).toHaveText('Berita disimpan dan diterbitkan');
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Berita terbaru' })).toContainText(title);
  await page.goto('/news/informasi');
  const item = page.locator('.news-list details').filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await item.locator('summary').click();
  await expect(item).toContainText('Gudang buka hari Sabtu.');
  await expect(item.locator('script, [onclick]')).toHaveCount(0);

  await konten.goto('/admin/news');
  await konten.getByRole('button', { name: `Tarik ${title}` }).click();
  await expect(konten.getByRole('status')).toHaveText(`Berita "${title}" ditarik dari member`);
  await page.goto('/news/informasi');
  await expect(page.locator('.news-list details').filter({ hasText: title })).toHaveCount(0);

  // Promo: bad input answers in Indonesian; a valid promo over past dates gets the paid orders' omsets.
  const nama = `Promo Konsol ${Date.now()}`;
  await konten.goto('/admin/promos');
  await konten.getByRole('button', { name: 'Buat promo baru' }).click();
  await konten.getByLabel('Nama promo').fill(nama);
  await konten.getByLabel('Reward', { exact: true }).fill('Voucher Rp 100.000');
  await konten.getByLabel('Periode awal').fill(jakartaDay(-400));
  await konten.getByLabel('Periode akhir').fill(jakartaDay(-401));
  await konten.getByLabel('Batas klaim').fill(jakartaDay(30));
  await konten.getByLabel('Syarat', { exact: true }).fill('1');
  await konten.getByRole('button', { name: 'Buat promo' }).click();
  await expect(konten.getByRole('alert')).toHaveText('Periode akhir tidak boleh sebelum periode awal');
  await konten.getByLabel('Periode akhir').fill(jakartaDay(10));
  await konten.getByRole('button', { name: 'Buat promo' }).click();
  await expect(konten.getByRole('status')).toContainText(/Promo dibuat; [1-9]\d* omset dari order yang sudah dibayar dicatat/);
  const promoUrl = konten.url();

  // The member sees it among the running promos and, having sponsored paid orders, claims it.
  await page.goto('/reward-promo/ongoing');
  const select = page.getByLabel('Pilih Reward');
  const value = await select.locator('option').filter({ hasText: nama }).getAttribute('value');
  expect(value).toBeTruthy();
  await select.selectOption(value!);
  await page.waitForURL((url) => url.searchParams.get('promo') === value);
  await page.locator('#promo-claim').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'claim berhasil' })).toBeVisible();

  // Claimed: its threshold can no longer change; hiding it still can.
  await konten.goto(promoUrl);
  await konten.getByLabel('Syarat', { exact: true }).fill('2');
  await konten.getByRole('button', { name: 'Simpan' }).click();
  await expect(konten.getByRole('alert')).toHaveText('Promo sudah diklaim member: periode dan syarat tidak dapat diubah');
  await konten.goto(promoUrl);
  await konten.getByLabel('Status').selectOption('0');
  await konten.getByRole('button', { name: 'Simpan' }).click();
  await expect(konten.getByRole('status')).toContainText('Promo disimpan');
  await page.goto('/reward-promo/ongoing');
  await expect(page.getByLabel('Pilih Reward').locator('option').filter({ hasText: nama })).toHaveCount(0);

  // FAQ: edited in the console, shown on the public page to a visitor without a session.
  const question = `Kapan gudang buka? (${Date.now()})`;
  await konten.goto('/admin/halaman');
  await konten.getByRole('link', { name: 'Ubah FAQ' }).click();
  const body = konten.getByLabel('Isi halaman');
  await body.fill(`<h2>${question}</h2><p>Senin sampai Sabtu.</p><img src="x" onerror="alert(1)">${await body.inputValue()}`);
  await konten.getByRole('button', { name: 'Simpan' }).click();
  await expect(konten.getByRole('status')).toHaveText('Halaman "FAQ" disimpan');
  const visitor = await (await browser.newContext()).newPage();
  let alerts = 0;
  visitor.on('dialog', async (dialog) => {
    alerts++;
    await dialog.dismiss();
  });
  await visitor.goto('/info/faq');
  await expect(visitor.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: question })).toBeVisible();
  await expect(visitor.locator('main [onerror]')).toHaveCount(0);
  expect(alerts).toBe(0);

  // The member's footer links to the portal's own pages; the code of ethics carries the warning.
  await page.goto('/');
  await page
    .getByRole('link', { name: 'FAQ', exact: true })
    .first()
    .evaluate((a) => a.removeAttribute('target'));
  await page.getByRole('link', { name: 'FAQ', exact: true }).first().click();
  await expect(page).toHaveURL('/info/faq');
  await expect(page.getByRole('heading', { level: 2, name: question })).toBeVisible();
  await visitor.goto('/info/kode-etik');
  await expect(visitor.locator('#undercutting-warning')).toContainText('12 tahun');

  // Identity: KONTEN renames the company and gives it a logo; the member's menu shows both. Put
  // back within this test.
  await konten.goto('/admin/halaman');
  const companyName = konten.getByLabel('Nama perusahaan');
  const companyLogo = konten.getByLabel(/^Logo/);
  const original = { name: await companyName.inputValue(), logo: await companyLogo.inputValue() };
  expect(original).toEqual({ name: 'PT Portal Member Indonesia', logo: '' });
  // The default name stays in the new one: phone-shell.spec, running beside it, finds it either way.
  const renamed = `${original.name} Uji ${Date.now()}`;
  const brand = page.locator('#side-menu .brand');
  try {
    await companyName.fill(renamed);
    await companyLogo.fill('/favicon.svg');
    await konten.getByRole('button', { name: 'Simpan identitas' }).click();
    await expect(konten.getByRole('status')).toHaveText('Identitas portal disimpan');
    await page.goto('/');
    await expect(brand).toHaveText(renamed);
    await expect(brand.locator('img')).toHaveAttribute('src', '/favicon.svg');
    await expect.poll(() => brand.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await konten.goto('/admin/halaman');
    await companyName.fill(original.name);
    await companyLogo.fill(original.logo);
    await konten.getByRole('button', { name: 'Simpan identitas' }).click();
    await expect(konten.getByRole('status')).toHaveText('Identitas portal disimpan');
  }
  await page.goto('/');
  await expect(brand).toHaveText(original.name);
  await expect(brand.locator('img')).toHaveCount(0);
});

test('GUDANG is refused the content pages (403)', async ({ browser }) => {
  const gudang = await operatorPage(browser, 'gudang');
  await expect(gudang.getByRole('link', { name: 'News', exact: true })).toHaveCount(0);
  for (const path of ['/admin/news', '/admin/banners', '/admin/promos/baru', '/admin/halaman/faq']) {
    const response = await gudang.goto(path);
    expect(response?.status()).toBe(403);
    await expect(gudang.getByRole('heading', { name: 'Akses ditolak' })).toBeVisible();
    await expect(gudang.locator('body')).toContainText('Peran Anda tidak boleh membuka halaman ini');
  }
});

test('public pages: readable without signing in, none links to a placeholder', async ({ page }) => {
  await page.goto('/info/kode-etik');
  await expect(page.getByRole('heading', { level: 1, name: 'Kode Etik Member' })).toBeVisible();
  await expect(page.locator('#undercutting-warning')).toContainText('penangguhan (suspend) akun');
  const nav = page.getByRole('navigation', { name: 'Halaman informasi' });
  for (const name of ['Kebijakan Privasi', 'Kebijakan Pengiriman', 'Kebijakan Retur/Refund', 'Syarat Pembayaran']) {
    await nav.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.filter((href) => href?.includes('example.com'))).toEqual([]);
});

// A 1×1 PNG; the server reads the type from these bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('KONTEN uploads a banner, moves it first and switches it off; the dashboard carousel follows', async ({ browser }) => {
  test.setTimeout(180_000);
  const konten = await operatorPage(browser, 'konten');
  await konten.goto('/admin/banners');
  await konten
    .getByLabel(/^Gambar/)
    .setInputFiles({ name: 'bukan-svg.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await konten.getByLabel('Nama banner').fill('Banner Uji E2E');
  await konten.getByRole('button', { name: 'Unggah banner' }).click();
  await expect(konten.getByRole('alert')).toHaveText('Banner harus gambar JPG, PNG, WebP atau GIF');
  await konten.getByLabel(/^Gambar/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await konten.getByLabel('Nama banner').fill('Banner Uji E2E');
  await konten.getByRole('button', { name: 'Unggah banner' }).click();
  await expect(konten.getByRole('status')).toHaveText('Banner ditambahkan di urutan terakhir');
  const row = konten.locator('tr[data-banner="Banner Uji E2E"]');
  while (await row.getByRole('button', { name: 'Naikkan Banner Uji E2E' }).isEnabled()) {
    await row.getByRole('button', { name: 'Naikkan Banner Uji E2E' }).click();
    await expect(konten.getByRole('status')).toContainText('Banner "Banner Uji E2E" dipindah ke posisi');
  }
  await expect(row.locator('td').first()).toHaveText('1');

  // Read without JavaScript: the order the server gives, before the slider rearranges anything.
  const member = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await login(member, 'demoplatinum');
  const first = member.locator('[data-carousel] .slide img').first();
  await expect(first).toHaveAttribute('alt', 'Banner Uji E2E');
  const image = await member.request.get((await first.getAttribute('src'))!);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body())).toEqual(PNG);

  await row.getByRole('button', { name: 'Nonaktifkan Banner Uji E2E' }).click();
  await expect(konten.getByRole('status')).toHaveText('Banner "Banner Uji E2E" disembunyikan');
  await member.goto('/');
  await expect(member.locator('[data-carousel] img[alt="Banner Uji E2E"]')).toHaveCount(0);
  await expect(member.locator('[data-carousel] .slide')).not.toHaveCount(0);
});
