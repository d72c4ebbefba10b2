import { type Page, request } from '@playwright/test';
import { expect, login, memberId, test } from './fixtures';

/** Generated members' e-mail is their username at contoh.id; the outbox shows the username in the link's mail. */
async function requestReset(page: Page, who: string): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('ID Member / Username').fill(who);
  await page.getByRole('button', { name: 'KIRIM RESET LINK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link reset password telah dikirim ke alamat email' })).toBeVisible();
}

/**
 * The newest reset link in the development outbox for this member's e-mail address. The outbox
 * answers only this machine: it is read as a client on it (the test server trusts one proxy hop).
 */
async function openResetLink(page: Page, email: string): Promise<string> {
  const local = await request.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: { 'x-forwarded-for': '127.0.0.1' } });
  const html = await (await local.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  await local.dispose();
  const href = /href="([^"]*\/reset-password\?token=[^"]*)"/.exec(html)?.[1];
  expect(href).toContain('/reset-password?token=');
  const url = new URL(href!);
  await page.goto(url.pathname + url.search);
  return url.pathname + url.search;
}

async function emailOf(page: Page, idMember: string): Promise<string> {
  // The outbox lists the address; sign-in shows the username, so look it up through the API.
  const response = await page.request.post('/member/login', { data: { username: idMember, password: 'rahasia123', from: 'WEB' } });
  const body = await response.json();
  await page.request.post('/member/logout', { headers: { authorization: `Bearer ${body.result.access_token}` } });
  await page.context().clearCookies();
  return body.result.user.email as string;
}

test('forgot password asks for the ID Member or username', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'KIRIM RESET LINK' }).click();
  await expect(page.getByText('ID Member / Username harus diisi')).toBeVisible();
});

test('an unknown member gets the same answer and no mail', async ({ page }) => {
  await requestReset(page, 'tidak-ada-orangnya');
  await page.goto('/dev/outbox?to=tidak-ada-orangnya%40contoh.id');
  await expect(page.locator('article.mail')).toHaveCount(0);
});

test.describe('reset journey', () => {
  // It signs in once with the old password on purpose: an address of its own for the limit.
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '10.44.0.2' } });

  test('forgot → outbox link → reset with checks → sign in with the new password; the link works once', async ({ page }) => {
    const id = memberId(210);
    const email = await emailOf(page, id);
    await requestReset(page, id);
    const link = await openResetLink(page, email);

    await page.getByLabel('Password baru', { exact: true }).fill('pendek');
    await page.getByLabel('Ulangi password baru').fill('pendek');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText('Password setidaknya 8 karakter')).toBeVisible();

    await page.getByLabel('Password baru', { exact: true }).fill('passwordbaru1');
    await page.getByLabel('Ulangi password baru').fill('passwordbaru2');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText('Password tidak sama')).toBeVisible();

    await page.getByLabel('Ulangi password baru').fill('passwordbaru1');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('status').filter({ hasText: 'Password berhasil direset' })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.getByLabel('ID Member atau Username').fill(id);
    await page.locator('#password').fill('rahasia123');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByRole('alert')).toHaveText('ID Member/Username atau password salah');
    await login(page, id, 'passwordbaru1');
    await expect(page).toHaveURL('/');

    // The same link a second time is refused.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('Password baru', { exact: true }).fill('passwordbaru3');
    await page.getByLabel('Ulangi password baru').fill('passwordbaru3');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByRole('alert')).toHaveText('Link reset password tidak valid atau sudah kedaluwarsa');
    await expect(page).toHaveURL(/\/reset-password/);
  });
});

test.describe('a password too easy to guess', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '10.44.0.3' } });

  test("reset refuses rahasia123 in the spec's tone: on leaving the field, and from the server without JavaScript", async ({
    page,
    browser,
  }) => {
    const id = memberId(211);
    const email = await emailOf(page, id);
    await requestReset(page, id);
    const link = await openResetLink(page, email);

    // Before submit: the layout script says it as the field is left, and the form is not sent.
    const field = page.getByLabel('Password baru', { exact: true });
    await field.fill('rahasia123');
    await field.press('Tab');
    await expect(page.locator('#password-error')).toHaveText('Password terlalu mudah ditebak');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Ulangi password baru').fill('rahasia123');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.locator('#password-error')).toHaveText('Password terlalu mudah ditebak');
    // A good one clears it.
    await field.fill('merpati-senja-47');
    await field.press('Tab');
    await expect(page.locator('#password-error')).toHaveText('');

    // Without JavaScript the server refuses it with the same words, under the field; the link still works.
    const plain = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'x-forwarded-for': '10.44.0.3' } });
    const noJs = await plain.newPage();
    await noJs.goto(link);
    await noJs.getByLabel('Password baru', { exact: true }).fill('Sayang2024!');
    await noJs.getByLabel('Ulangi password baru').fill('Sayang2024!');
    await noJs.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(noJs.locator('#password-error')).toHaveText('Password terlalu mudah ditebak');
    await expect(noJs).toHaveURL(/\/reset-password/);
    await noJs.getByLabel('Password baru', { exact: true }).fill('merpati-senja-47');
    await noJs.getByLabel('Ulangi password baru').fill('merpati-senja-47');
    await noJs.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(noJs).toHaveURL('/signin');
    await plain.close();
  });
});
