import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createContext } from 'astro/middleware';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequest } from '../../src/middleware';
import { seedIfEmpty } from '../../src/server/boot';
import { getDb, selectRows } from '../../src/server/db/client';
import { setFlash } from '../../src/server/flash';
import { clientAddress } from '../../src/server/http';
import { paymentGateway } from '../../src/server/integrations/payment';
import { setSessionCookie } from '../../src/server/session-cookie';
import { CHILD_NODE_FLAGS } from '../faults/compiled';

/**
 * Issue #13 "production fails closed" (DESIGN.md §7a): what an attacker found open in
 * PORTAL_ENV=production (the payment simulator, /dev/outbox, demo seeding, plain cookies), and the
 * development outbox readable by any visitor.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ORIGIN = 'http://portal.test';

/** `node scripts/start.mjs` as an operator runs it (`npm start`: Node 24 reads its .ts imports itself). */
function start(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(PORTAL_ENV|NODE_ENV|MIDTRANS_|PUBLIC_BASE_URL|DATABASE_URL|DATA_DIR|LOG_FORMAT)/.test(k),
    ),
  );
  return spawnSync(process.execPath, [...CHILD_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A production start's output: JSON lines (LOG_FORMAT defaults to json there), every one of them; their messages. */
function jsonMessages(output: string): { level: number; msg: string }[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

/** The real middleware; `next` stands for the page. */
async function visit(pathname: string, address = '127.0.0.1', headers: Record<string, string> = {}) {
  const ctx = createContext({ request: new Request(ORIGIN + pathname, { headers }), clientAddress: address, defaultLocale: 'id' });
  let reached = false;
  const response = (await onRequest(ctx as never, async () => {
    reached = true;
    return new Response('halaman', { status: 200 });
  })) as Response;
  return { status: response.status, reached };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('PORTAL_ENV=production refuses to start without what it needs', () => {
  it('no Midtrans keys and no PUBLIC_BASE_URL: exit 1 with one line naming them, before any build', () => {
    const run = start({ PORTAL_ENV: 'production' });
    expect(run.status).toBe(1);
    // One JSON line at error level (production logs JSON from its first line).
    const lines = jsonMessages(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(50);
    expect(lines[0]!.msg).toMatch(/^\[portal\] .*MIDTRANS_SERVER_KEY, MIDTRANS_CLIENT_KEY, PUBLIC_BASE_URL/);
    expect(jsonMessages(run.stdout)).toEqual([]);
  });

  it('keys but no PUBLIC_BASE_URL: still refused, the line names only what is missing', () => {
    const run = start({ PORTAL_ENV: 'production', MIDTRANS_SERVER_KEY: 'SB-Mid-server-x', MIDTRANS_CLIENT_KEY: 'SB-Mid-client-x' });
    expect(run.status).toBe(1);
    expect(jsonMessages(run.stderr).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^\[portal\] PORTAL_ENV=production tidak dijalankan: PUBLIC_BASE_URL belum diatur/),
    ]);
  });

  it('LOG_FORMAT=text keeps the readable line in production; another LOG_FORMAT refuses to start', () => {
    const text = start({ PORTAL_ENV: 'production', LOG_FORMAT: 'text' });
    expect(text.status).toBe(1);
    expect(text.stderr.trim()).toMatch(/^\[portal\] PORTAL_ENV=production tidak dijalankan: MIDTRANS_SERVER_KEY/);
    const unknown = start({ LOG_FORMAT: 'pretty', DATA_DIR: '/proc/portal-tidak-bisa' });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('[portal] LOG_FORMAT="pretty" tidak dikenal, tidak dijalankan: isi json atau text');
  });

  it('a PORTAL_ENV that is not exactly production or development, or NODE_ENV=production without it, refuses with one line', () => {
    // Each of these started the demo before (superadmin/operator12345 on an empty database).
    const runs: [Record<string, string>, RegExp][] = [
      [{ PORTAL_ENV: 'Production' }, /PORTAL_ENV="Production" tidak dikenal/],
      [{ PORTAL_ENV: 'prod' }, /PORTAL_ENV="prod" tidak dikenal/],
      [{ PORTAL_ENV: 'production ' }, /PORTAL_ENV="production " tidak dikenal/],
      [{ NODE_ENV: 'production' }, /NODE_ENV=production tanpa PORTAL_ENV tidak dijalankan/],
    ];
    for (const [env, line] of runs) {
      // An unwritable data folder: had the mode been accepted, the start would stop there instead.
      const run = start({ ...env, DATA_DIR: '/proc/portal-tidak-bisa' });
      expect(run.status, JSON.stringify(env)).toBe(1);
      const lines = run.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('[portal]'));
      expect(lines, JSON.stringify(env)).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(lines[0]).toMatch(/isi tepat production atau development|atur PORTAL_ENV=production/);
      expect(run.stdout, JSON.stringify(env)).not.toMatch(/mode development/);
    }
  });

  it('inside the server an unknown mode fails closed: no demo seeding, the first request refuses', async () => {
    for (const value of ['Production', 'prod', 'production ']) {
      vi.stubEnv('PORTAL_ENV', value);
      vi.stubEnv('SEED_ON_START', '1');
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        expect(await seedIfEmpty(await getDb(), 'test'), value).toBe('off');
      } finally {
        log.mockRestore();
      }
      expect(() => paymentGateway(), value).toThrow(/simulator pembayaran tidak dipakai di produksi/);
    }
    vi.unstubAllEnvs();
    vi.stubEnv('PORTAL_ENV', 'development');
    vi.stubEnv('NODE_ENV', 'production');
    expect(paymentGateway().name).not.toBe('midtrans');
  });

  it('development: the first log line says it is a demo', () => {
    // An unwritable data folder stops the start right after the mode line, without a build.
    const run = start({ DATA_DIR: '/proc/portal-tidak-bisa' });
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n')[0]).toMatch(/^\[portal\] mode development: DEMO/);
  });

  it('the server itself refuses too (a start that bypassed scripts/start.mjs), and the simulator is never the gateway', async () => {
    vi.stubEnv('PORTAL_ENV', 'production');
    expect(() => paymentGateway()).toThrow(/simulator pembayaran tidak dipakai di produksi/);
    vi.stubEnv('MIDTRANS_SERVER_KEY', 'SB-Mid-server-x');
    vi.stubEnv('MIDTRANS_CLIENT_KEY', 'SB-Mid-client-x');
    expect(paymentGateway().name).toBe('midtrans');
  });
});

describe('production: no simulator, no /dev, no demo seeding, Secure cookies', () => {
  it('the simulator pop-up and /dev/outbox answer 404 in production, whatever the keys', async () => {
    vi.stubEnv('PORTAL_ENV', 'production');
    vi.stubEnv('MIDTRANS_SERVER_KEY', 'SB-Mid-server-x');
    vi.stubEnv('MIDTRANS_CLIENT_KEY', 'SB-Mid-client-x');
    for (const page of ['/pembayaran/simulator/SIM-abc', '/pembayaran/snap.js', '/dev/outbox', '/dev/outbox?to=a%40b.id']) {
      const answer = await visit(page);
      expect(answer.status, page).toBe(404);
      expect(answer.reached, page).toBe(false);
    }
    vi.unstubAllEnvs();
    expect((await visit('/pembayaran/simulator/SIM-abc')).reached).toBe(true);
  });

  it('SEED_ON_START is ignored in production, with a log line, and nothing is written', async () => {
    vi.stubEnv('PORTAL_ENV', 'production');
    vi.stubEnv('SEED_ON_START', '1');
    const db = await getDb();
    const count = async () => (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from members`))[0]!.n;
    const before = await count();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await seedIfEmpty(db, 'test')).toBe('off');
      expect(log.mock.calls.map((c) => String(c[0]))).toContain(
        '[portal] PORTAL_ENV=production: SEED_ON_START diabaikan, data demo tidak pernah dibuat di produksi',
      );
    } finally {
      log.mockRestore();
    }
    expect(await count()).toBe(before);
    vi.unstubAllEnvs();
    vi.stubEnv('SEED_ON_START', '1');
    expect(await seedIfEmpty(db, 'test')).toBe('present');
  });

  it('the flash cookie and the session cookie are Secure in production, even over plain http behind a proxy', () => {
    vi.stubEnv('PORTAL_ENV', 'production');
    const ctx = createContext({ request: new Request(`${ORIGIN}/`), defaultLocale: 'id' });
    setFlash(ctx.cookies, { message: 'Tersimpan', type: 'success' });
    setSessionCookie(ctx.cookies, new URL(`${ORIGIN}/`), 'token', new Date(Date.now() + 3_600_000), true);
    const cookies = [...(ctx.cookies as unknown as { headers(): Iterable<string> }).headers()];
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    vi.unstubAllEnvs();
    const dev = createContext({ request: new Request(`${ORIGIN}/`), defaultLocale: 'id' });
    setFlash(dev.cookies, { message: 'Tersimpan', type: 'success' });
    expect([...(dev.cookies as unknown as { headers(): Iterable<string> }).headers()][0]).not.toMatch(/Secure/i);
  });
});

describe('development: /dev/outbox answers only this machine', () => {
  it('a loopback client reads it; another address, or a request relayed by a proxy, gets 404', async () => {
    expect((await visit('/dev/outbox', '127.0.0.1')).reached).toBe(true);
    expect((await visit('/dev/outbox', '::1')).reached).toBe(true);
    for (const [address, headers] of [
      ['203.0.113.9', {}],
      ['10.0.0.5', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
    ] as const) {
      const answer = await visit('/dev/outbox?to=korban%40contoh.id', address, headers);
      expect(answer.status, `${address} ${JSON.stringify(headers)}`).toBe(404);
      expect(answer.reached).toBe(false);
    }
    vi.stubEnv('TRUST_PROXY', '1');
    expect((await visit('/dev/outbox', '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).reached).toBe(false);
  });
});

describe('TRUST_PROXY counts hops from the right', () => {
  const at = (xff: string) =>
    clientAddress({ request: new Request(ORIGIN, { headers: { 'x-forwarded-for': xff } }), clientAddress: '10.0.0.1' });

  it('one proxy: the entry it added (the last), not the first one the client wrote', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    expect(at('6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(at('198.51.100.7')).toBe('198.51.100.7');
  });

  it('two proxies: the second entry from the right; unset: the socket', () => {
    vi.stubEnv('TRUST_PROXY', '2');
    expect(at('6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    vi.stubEnv('TRUST_PROXY', '');
    expect(at('6.6.6.6')).toBe('10.0.0.1');
  });
});
