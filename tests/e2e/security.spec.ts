import { expect, login, memberId, test } from './fixtures';

const EVIL = 'http://evil.example';

test.describe('a cross-origin write with the session cookie is refused', () => {
  test('form posts to /logout, /signin and /kode-etik', async ({ page, baseURL }) => {
    await login(page, memberId(206));
    for (const path of ['/logout', '/signin', '/kode-etik']) {
      const response = await page.request.post(path, {
        headers: { origin: EVIL },
        form: { id: 'x', agree: 'on', username: 'a', password: 'b' },
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(403);
    }
    // Still signed in: the forged logout did nothing.
    await page.goto('/');
    await expect(page).toHaveURL('/');
    // The same logout from our own origin works.
    const own = await page.request.post('/logout', { headers: { origin: new URL(baseURL!).origin }, form: {}, maxRedirects: 0 });
    expect(own.status()).toBe(303);
  });

  test('JSON calls to /member/… from another origin', async ({ page }) => {
    await login(page, memberId(207));
    const user = await (
      await page.request.post('/member/login', { data: { username: memberId(207), password: 'rahasia123', from: 'WEB' } })
    ).json();
    const publicId = user.result.user.public_id as string;
    const put = await page.request.put(`/member/account/kode-etik/${publicId}`, {
      headers: { origin: EVIL },
      data: { status_kodeetik: true },
    });
    expect(put.status()).toBe(403);
    const logout = await page.request.post('/member/logout', { headers: { origin: EVIL }, data: {} });
    expect(logout.status()).toBe(403);
    const signIn = await page.request.post('/member/login', {
      headers: { origin: EVIL },
      data: { username: memberId(207), password: 'rahasia123' },
    });
    expect(signIn.status()).toBe(403);
    await page.goto('/');
    await expect(page).toHaveURL('/');
  });
});

test('PUT /member/account/kode-etik/{id}: only for oneself, only when agreed', async ({ request }) => {
  const signIn = await (
    await request.post('/member/login', { data: { username: memberId(208), password: 'rahasia123', from: 'WEB' } })
  ).json();
  expect(signIn.success).toBe(true);
  const auth = { authorization: `Bearer ${signIn.result.access_token}` };
  const publicId = signIn.result.user.public_id as string;

  const other = await (
    await request.post('/member/login', { data: { username: memberId(209), password: 'rahasia123', from: 'WEB' } })
  ).json();
  const foreign = await request.put(`/member/account/kode-etik/${other.result.user.public_id}`, {
    headers: auth,
    data: { status_kodeetik: true },
  });
  expect(foreign.status()).toBe(403);

  const notAgreed = await request.put(`/member/account/kode-etik/${publicId}`, { headers: auth, data: { status_kodeetik: false } });
  expect(notAgreed.status()).toBe(400);
  expect((await notAgreed.json()).message).toBe('Centang persetujuan kode etik terlebih dahulu');

  const agreed = await request.put(`/member/account/kode-etik/${publicId}`, { headers: auth, data: { status_kodeetik: true } });
  expect(agreed.status()).toBe(200);
  expect(await agreed.json()).toMatchObject({ success: true, message: 'Terima kasih, kode etik telah disetujui' });
});
