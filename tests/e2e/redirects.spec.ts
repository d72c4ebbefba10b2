import { expect, login, memberId, signIn, test } from './fixtures';

test.describe('signed out', () => {
  for (const path of [
    '/',
    '/news/informasi',
    '/account/change-password',
    '/report/tree',
    '/stokis/stokis-report',
    '/tidak-ada-halaman-ini',
    '/dev-bukan',
  ]) {
    test(`${path} goes to /signin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/signin');
      await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    });
  }

  test('the sign-in, forgot and reset pages stay where they are', async ({ page }) => {
    for (const path of ['/signin', '/forgot-password', '/reset-password?token=abc']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
  });

  test('verification links open and show the failure alert for an unknown token', async ({ page }) => {
    await page.goto('/verifikasi-bank/token-palsu');
    await expect(page).toHaveURL('/verifikasi-bank/token-palsu');
    await expect(page.getByText('Verifikasi Gagal')).toBeVisible();
    await page.goto('/verifikasi-npwp/token-palsu');
    await expect(page).toHaveURL('/verifikasi-npwp/token-palsu');
    await expect(page.getByText('Verifikasi Gagal')).toBeVisible();
  });

  test('a forged session cookie is dropped and the page sends to /signin', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'pm_session', value: 'x'.repeat(43), url: baseURL! }]);
    await page.goto('/news/informasi');
    await expect(page).toHaveURL('/signin');
    expect((await context.cookies()).find((c) => c.name === 'pm_session')).toBeUndefined();
  });
});

test.describe('signed in', () => {
  test('/signin goes to the dashboard', async ({ page }) => {
    await signIn(page, 'demoplatinum');
    await page.goto('/signin');
    await expect(page).toHaveURL('/');
  });

  test('an unknown path shows the 404 page with a link to the main page', async ({ page }) => {
    await login(page, 'demoplatinum');
    const response = await page.goto('/tidak-ada-halaman-ini');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL('/tidak-ada-halaman-ini');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await page.getByRole('button', { name: 'Kembali ke halaman utama' }).click();
    await expect(page).toHaveURL('/');
  });

  test('verification links still open', async ({ page }) => {
    await signIn(page, 'demoplatinum');
    await page.goto('/verifikasi-bank/token-palsu');
    await expect(page).toHaveURL('/verifikasi-bank/token-palsu');
    await expect(page.getByText('Verifikasi Gagal')).toBeVisible();
    await page.goto('/verifikasi-npwp/token-palsu');
    await expect(page.getByText('Verifikasi Gagal')).toBeVisible();
  });

  test('a member without domicile is sent to the profile with field=domisili and the fallback', async ({ page }) => {
    await login(page, 'demobaru');
    await expect(page).toHaveURL('/account/profile?field=domisili&fallback=%2F');
    await page.goto('/news/informasi?page=2');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/account/profile');
    expect(url.searchParams.get('field')).toBe('domisili');
    expect(url.searchParams.get('fallback')).toBe('/news/informasi?page=2');
    // The layout still works there: the bell lists what is missing, the menu opens.
    await page.locator('#bell summary').click();
    await expect(page.locator('#bell').getByRole('link', { name: 'Alamat pengiriman belum ada' })).toBeVisible();
    await page.locator('#bell summary').click(); // an open dropdown closes on the next click
    await page.locator('#user-menu summary').click();
    await expect(page.locator('#user-menu').getByRole('link', { name: 'Ubah Password' })).toBeVisible();
  });
});

test('the API answers 401 without, with a forged and with a logged-out token', async ({ request }) => {
  expect((await request.get('/member/dashboard')).status()).toBe(401);
  const forged = await request.get('/member/dashboard', { headers: { authorization: 'Bearer palsu' } });
  expect(forged.status()).toBe(401);
  expect(await forged.json()).toMatchObject({ success: false, message: 'Sesi berakhir, silakan login kembali' });

  const login = await request.post('/member/login', { data: { username: memberId(205), password: 'rahasia123', from: 'WEB' } });
  const token = (await login.json()).result.access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.get('/member/dashboard', { headers: auth })).status()).toBe(200);
  expect((await request.post('/member/logout', { headers: auth })).status()).toBe(200);
  expect((await request.get('/member/dashboard', { headers: auth })).status()).toBe(401);
});

test('an island call answered 401 sends the open page to /signin and drops the stored user', async ({ page, context }) => {
  await login(page, memberId(213));
  await page.evaluate(() => localStorage.setItem('portal:user', '{"username":"x"}'));
  // The session ends elsewhere (another tab logs out).
  const token = (await context.cookies()).find((c) => c.name === 'pm_session')!.value;
  await page.request.post('/member/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.evaluate(() => {
    void fetch('/member/dashboard');
  });
  await expect(page).toHaveURL('/signin');
  expect(await page.evaluate(() => localStorage.getItem('portal:user'))).toBeNull();
});
