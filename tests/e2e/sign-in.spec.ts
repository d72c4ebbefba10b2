import { expect, login, memberId, PASSWORD, test } from './fixtures';

test('a member signs in with the username and lands on the dashboard', async ({ page }) => {
  await login(page, 'demosilver');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Login berhasil' })).toBeVisible();
  await expect(page.locator('#akun')).toContainText('Demo Silver');
});

test('the sign-in message is shown once: not on the next page, a reload or after logout', async ({ page }) => {
  await login(page, memberId(201));
  await expect(page.locator('#toasts .toast').filter({ hasText: 'Login berhasil' })).toBeVisible();
  // The page as the server sent it: the toast closes itself after 3 s, so the live DOM would hide a repeat.
  for (const path of ['/account/profile', '/']) {
    const html = await (await page.goto(path))!.text();
    expect(html).toContain('id="toasts"');
    expect(html).not.toContain('Login berhasil');
  }
  await page.locator('#user-menu summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/signin/);
  const html = await (await page.reload())!.text();
  expect(html).not.toContain('Login berhasil');
});

test('a member signs in with the ID Member', async ({ page }) => {
  await login(page, memberId(200));
  await expect(page).toHaveURL('/');
  await expect(page.locator('#akun')).toContainText(`ID ${memberId(200)}`);
});

test('empty fields show both validation messages', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('ID Member atau Username harus diisi')).toBeVisible();
  await expect(page.getByText('Password harus diisi')).toBeVisible();
  await expect(page).toHaveURL('/signin');
});

test('each field has its own message', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('ID Member atau Username').fill('demosilver');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page.getByText('Password harus diisi')).toBeVisible();
  await expect(page.getByText('ID Member atau Username harus diisi')).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server gives the same messages and signs in', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.locator('#username-error')).toHaveText('ID Member atau Username harus diisi');
    await expect(page.locator('#password-error')).toHaveText('Password harus diisi');
    await login(page, 'demobronze');
    await expect(page).toHaveURL('/');
  });
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/signin');
  const password = page.locator('#password');
  await password.fill('rahasia');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sembunyikan' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('without Remember Me the session cookie ends with the browser; with it, it has an expiry', async ({ page, context }) => {
  await login(page, memberId(201));
  const plain = (await context.cookies()).find((c) => c.name === 'pm_session')!;
  expect(plain.expires).toBe(-1);
  expect(plain.httpOnly).toBe(true);
  expect(plain.sameSite).toBe('Lax');

  await context.clearCookies();
  await login(page, memberId(201), PASSWORD, { remember: true });
  const remembered = (await context.cookies()).find((c) => c.name === 'pm_session')!;
  const days = (remembered.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29);
  expect(days).toBeLessThanOrEqual(30);
  expect(remembered.value).not.toBe(plain.value);
});

test('a cookie planted before sign-in is replaced by a new session id', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'pm_session', value: 'ditanam-oleh-penyerang', url: baseURL! }]);
  await login(page, memberId(202));
  const cookie = (await context.cookies()).find((c) => c.name === 'pm_session')!;
  expect(cookie.value).not.toBe('ditanam-oleh-penyerang');
  expect(cookie.value.length).toBeGreaterThan(30);
});

test('logout ends the session: the dashboard then sends to sign-in, the old cookie is dead', async ({ page, context, baseURL }) => {
  await login(page, memberId(203));
  const old = (await context.cookies()).find((c) => c.name === 'pm_session')!.value;
  await page.locator('#user-menu summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/signin');
  await page.goto('/');
  await expect(page).toHaveURL('/signin');

  // Putting the old cookie back does not bring the session back.
  await context.addCookies([{ name: 'pm_session', value: old, url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL('/signin');
});

test.describe('failed sign-ins', () => {
  // Failures count per address too: these come from an address of their own.
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '10.44.0.1' } });

  test('a wrong password shows the danger message and keeps the member signed out', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('ID Member atau Username').fill('demoplatinum');
    await page.locator('#password').fill('bukan-password');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByRole('alert')).toHaveText('ID Member/Username atau password salah');
    await expect(page).toHaveURL('/signin');
    await page.goto('/');
    await expect(page).toHaveURL('/signin');
  });

  test('five wrong passwords lock the account with the Indonesian message', async ({ page }) => {
    const target = memberId(204);
    await page.goto('/signin');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('ID Member atau Username').fill(target);
      await page.locator('#password').fill(`keliru-${i}`);
      await page.getByRole('button', { name: 'SIGN IN' }).click();
      await expect(page.getByRole('alert')).toHaveText('ID Member/Username atau password salah');
    }
    await page.getByLabel('ID Member atau Username').fill(target);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Terlalu banyak percobaan masuk\. Coba lagi dalam \d+ menit\.$/);
    await expect(page).toHaveURL('/signin');
  });
});

test.describe('one address failing on many accounts', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '10.44.0.3' } });

  test('is locked after 20 failures with the Indonesian message, even for a right password', async ({ page }) => {
    await page.goto('/signin');
    for (let i = 0; i < 20; i++) {
      await page.getByLabel('ID Member atau Username').fill(`tidakada${i}`);
      await page.locator('#password').fill('keliru');
      await page.getByRole('button', { name: 'SIGN IN' }).click();
      await expect(page.getByRole('alert')).toHaveText('ID Member/Username atau password salah');
    }
    await page.getByLabel('ID Member atau Username').fill(memberId(212));
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Terlalu banyak percobaan masuk\. Coba lagi dalam \d+ menit\.$/);
  });
});
