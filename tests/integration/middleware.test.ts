import { createContext } from 'astro/middleware';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onRequest } from '../../src/middleware';
import { getDb } from '../../src/server/db/client';
import { members, sessions } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { sha256 } from '../../src/server/services/auth/one-time-token';
import { endSession, resolveSession, SESSION_COOKIE } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import { OPERATOR_COOKIE, resolveOperatorSession } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';

const ORIGIN = 'http://portal.test';

/** Runs the real middleware on a request; `next` stands for the page and answers 200. */
async function visit(path: string, init: RequestInit & { cookie?: string; bearer?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', `${SESSION_COOKIE}=${init.cookie}`);
  if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`);
  const ctx = createContext({ request: new Request(ORIGIN + path, { ...init, headers }), clientAddress: '127.0.0.1', defaultLocale: 'id' });
  let reached = false;
  const response = (await onRequest(ctx as never, async () => {
    reached = true;
    return new Response('halaman', { status: 200 });
  })) as Response;
  return { response, reached, locals: ctx.locals, setCookies: [...(ctx.cookies as { headers(): Iterable<string> }).headers()] };
}

const session = async (username: string) =>
  (await signIn({ username, password: 'rahasia123', remember: false }, { address: '192.0.2.1' })).token;

describe('a rejected session: forged, expired, logged out', () => {
  it('forged: 401 on /member, /signin for pages, and the cookie is cleared', async () => {
    const api = await visit('/member/dashboard', { bearer: 'palsu' });
    expect(api.response.status).toBe(401);
    expect(await api.response.json()).toEqual({ success: false, message: 'Sesi berakhir, silakan login kembali' });
    const page = await visit('/news/informasi', { cookie: 'palsu' });
    expect(page.response.status).toBe(302);
    expect(page.response.headers.get('location')).toBe('/signin');
    expect(page.setCookies.join()).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]*;.*Expires=Thu, 01 Jan 1970`, 'i'));
  });

  it('expired in the database: 401 and /signin', async () => {
    const token = await session('1000000221');
    expect((await visit('/member/dashboard', { bearer: token })).reached).toBe(true);
    const db = await getDb();
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.idHash, sha256(token)));
    expect((await visit('/member/dashboard', { bearer: token })).response.status).toBe(401);
    const page = await visit('/', { cookie: token });
    expect(page.reached).toBe(false);
    expect(page.response.headers.get('location')).toBe('/signin');
  });

  it('logged out: 401 and /signin', async () => {
    const token = await session('1000000222');
    await endSession(token);
    expect((await visit('/member/dashboard', { bearer: token })).response.status).toBe(401);
    expect((await visit('/', { cookie: token })).response.headers.get('location')).toBe('/signin');
  });
});

describe('redirect rules', () => {
  it('signed-out paths go to /signin; sign-in, reset and verification pages are reachable', async () => {
    for (const path of ['/', '/report/tree', '/tidak-ada']) expect((await visit(path)).response.headers.get('location')).toBe('/signin');
    for (const path of ['/signin', '/forgot-password', '/reset-password?token=x', '/verifikasi-bank/x', '/verifikasi-npwp/x']) {
      expect((await visit(path)).reached, path).toBe(true);
    }
  });

  it('a member without domicile goes to the profile with field and fallback; the profile itself stays', async () => {
    const token = await session('1000000223');
    const db = await getDb();
    await db.update(members).set({ propinsiDomisili: null }).where(eq(members.idMember, '1000000223'));
    const away = await visit('/report/tree?level=3', { cookie: token });
    expect(away.response.headers.get('location')).toBe('/account/profile?field=domisili&fallback=%2Freport%2Ftree%3Flevel%3D3');
    expect((await visit('/account/profile?field=domisili', { cookie: token })).reached).toBe(true);
    // The API is not redirected; verification links still work.
    expect((await visit('/member/dashboard', { bearer: token })).reached).toBe(true);
    expect((await visit('/verifikasi-bank/x', { cookie: token })).reached).toBe(true);
  });
});

describe('cross-site writes', () => {
  it('are refused with the cookie whatever the content type, and allowed from our origin', async () => {
    const token = await session('1000000224');
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
      const evil = await visit('/member/account/kode-etik/x', {
        method: 'PUT',
        cookie: token,
        headers: { origin: 'http://evil.example', 'content-type': type },
        body: '{}',
      });
      expect(evil.response.status, type).toBe(403);
      expect(evil.reached).toBe(false);
    }
    const fetchSite = await visit('/logout', { method: 'POST', cookie: token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.response.status).toBe(403);
    const own = await visit('/logout', {
      method: 'POST',
      cookie: token,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(own.reached).toBe(true);
  });

  it('Sec-Fetch-Site same-site without Origin (a sibling host of ours) is refused, member and console alike, and nothing changes', async () => {
    const token = await session('1000000226');
    const { token: operator } = await signInOperator(
      { username: 'superadmin', password: DEMO_OPERATOR_PASSWORD },
      { address: 'mw-same-site' },
    );
    const sibling = { 'sec-fetch-site': 'same-site', 'content-type': 'application/x-www-form-urlencoded' };
    const member = await visit('/logout', { method: 'POST', cookie: token, headers: sibling, body: '' });
    expect(member.response.status).toBe(403);
    expect(await member.response.text()).toBe('Permintaan lintas situs ditolak');
    expect(member.reached).toBe(false);
    const api = await visit('/member/account/kode-etik/x', {
      method: 'PUT',
      cookie: token,
      headers: { ...sibling, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.response.status).toBe(403);
    expect(await api.response.json()).toEqual({ success: false, message: 'Permintaan lintas situs ditolak' });
    const console_ = await visit('/admin/keluar', {
      method: 'POST',
      headers: { ...sibling, cookie: `${OPERATOR_COOKIE}=${operator}` },
      body: '',
    });
    expect(console_.response.status).toBe(403);
    expect(console_.reached).toBe(false);
    // Both sessions are still there: the refused requests changed nothing.
    expect(await resolveSession(token)).toBeDefined();
    expect(await resolveOperatorSession(operator)).toMatchObject({ username: 'superadmin' });
    // A browser that says same-origin (without Origin) is our own page.
    expect(
      (await visit('/logout', { method: 'POST', cookie: token, headers: { 'sec-fetch-site': 'same-origin' }, body: '' })).reached,
    ).toBe(true);
  });

  it('a client that is no browser (neither Origin nor Sec-Fetch-Site: the CLI, an app signing in) still passes', async () => {
    expect((await visit('/member/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).reached).toBe(
      true,
    );
    expect((await visit('/admin/api/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).reached).toBe(
      true,
    );
  });

  it('a bearer call (no ambient credential) may come from anywhere, even without a body', async () => {
    const token = await session('1000000225');
    const call = await visit('/member/logout', { method: 'POST', bearer: token, headers: { origin: 'http://aplikasi-lain.example' } });
    expect(call.reached).toBe(true);
  });
});
