import { createContext } from 'astro/middleware';
import { describe, expect, it } from 'vitest';
import { onRequest } from '../../src/middleware';
import { OFFLINE_KEY_HEADER, OFFLINE_UNTIL_HEADER } from '../../src/server/offline';
import { sha256 } from '../../src/server/services/auth/one-time-token';
import { endSession, SESSION_COOKIE } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';

// The middleware's cue to the service worker (issue #23, docs/decisions/0020-offline.md): which
// answers it may keep for offline reading, under which key, until when, and when to forget.

const ORIGIN = 'http://portal.test';
const MINUTE = 60_000;

/** Runs the real middleware on a GET; `next` stands for the page and answers 200 (or as `answer` says). */
async function visit(path: string, auth: { cookie?: string; bearer?: string } = {}, answer: ResponseInit = {}) {
  const headers = new Headers();
  if (auth.cookie) headers.set('cookie', `${SESSION_COOKIE}=${auth.cookie}`);
  if (auth.bearer) headers.set('authorization', `Bearer ${auth.bearer}`);
  const ctx = createContext({ request: new Request(ORIGIN + path, { headers }), clientAddress: '127.0.0.1', defaultLocale: 'id' });
  const response = (await onRequest(ctx as never, async () => new Response('halaman', answer))) as Response;
  return {
    response,
    key: response.headers.get(OFFLINE_KEY_HEADER),
    until: Number(response.headers.get(OFFLINE_UNTIL_HEADER)),
    locals: ctx.locals,
  };
}

const session = async (username: string, remember = false) =>
  (await signIn({ username, password: 'rahasia123', remember }, { address: '192.0.2.7' })).token;

describe('pages kept for offline reading', () => {
  it("the dashboard, bonus reports, tree and order list carry the session's key and its end; the HTTP cache still may not store them", async () => {
    const token = await session('1000000231');
    for (const path of [
      '/',
      '/bonus/rincian-bonus',
      '/bonus/withdraw',
      '/report/tree',
      '/report/bonus-harian',
      '/report/bonus-bulanan',
      '/report/annual-pairing',
      '/report/penarikan-bonus',
      '/report/pph',
      '/report/omset',
      '/transaksi/order-transaksi',
    ]) {
      const before = Date.now();
      const page = await visit(path, { cookie: token });
      expect(page.response.status, path).toBe(200);
      expect(page.key, path).toMatch(/^[0-9a-f]{32}$/);
      // Neither the token nor the session's stored hash: the cache name gives nothing away.
      expect(token.includes(page.key!) || sha256(token).includes(page.key!), path).toBe(false);
      // Not remembered: the session ends 30 idle minutes after this page (session_idle_minutes).
      expect(page.until, path).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
      expect(page.until, path).toBeLessThanOrEqual(Date.now() + 30 * MINUTE + 1000);
      expect(page.response.headers.get('cache-control'), path).toBe('private, no-store');
      expect(page.locals.offlineSince, path).toBeInstanceOf(Date);
    }
  });

  it('one key per session: another sign-in of the same member gets another key', async () => {
    const first = await visit('/', { cookie: await session('1000000232') });
    const second = await visit('/', { cookie: await session('1000000232') });
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);
    expect(second.key).toMatch(/^[0-9a-f]{32}$/);
    expect(second.key).not.toBe(first.key);
  });

  it("Remember Me: kept until the session's own end (30 days), not the idle half hour", async () => {
    const page = await visit('/', { cookie: await session('1000000233', true) });
    expect(page.until).toBeGreaterThan(Date.now() + 29 * 24 * 60 * MINUTE);
    expect(page.until).toBeLessThanOrEqual(Date.now() + 30 * 24 * 60 * MINUTE + 1000);
  });

  it('never kept: other pages, error answers, bearer calls, the API', async () => {
    const token = await session('1000000234');
    for (const path of ['/account/profile', '/report/downline-report', '/transaksi/retur', '/transaksi/order-transaksi/registrasi']) {
      const page = await visit(path, { cookie: token });
      expect(page.key, path).toBeNull();
      expect(page.locals.offlineSince, path).toBeUndefined();
    }
    expect((await visit('/bonus/rincian-bonus', { cookie: token }, { status: 500 })).key).toBeNull();
    // The PPh report's bukti potong: a PDF answered at the report's address is a download, never kept.
    const pdf = { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="1.pdf"' };
    expect((await visit('/report/pph?year=2025&bupot=1', { cookie: token }, { headers: pdf })).key).toBeNull();
    expect((await visit('/', { bearer: token })).key).toBeNull();
    expect((await visit('/member/dashboard', { cookie: token })).key).toBeNull();
  });

  it('an answer without a session tells the worker to forget: signed out, logged out, expired cookie', async () => {
    expect((await visit('/signin')).key).toBe('forget');
    const token = await session('1000000235');
    await endSession(token);
    // The page itself redirects to /signin; the sign-in page that follows says forget.
    const page = await visit('/', { cookie: token });
    expect(page.response.headers.get('location')).toBe('/signin');
    expect((await visit('/signin', { cookie: token })).key).toBe('forget');
  });
});
