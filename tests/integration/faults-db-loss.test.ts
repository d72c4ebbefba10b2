import net from 'node:net';
import { createContext } from 'astro/middleware';
import { afterAll, describe, expect, it } from 'vitest';
import { onRequest } from '../../src/middleware';
import Dashboard from '../../src/pages/index.astro';
import { GET as unpaidBonuses } from '../../src/pages/member/bonus/unpayout';
import { resolveSession, SESSION_COOKIE } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import { SERVICE_UNAVAILABLE } from '../../src/server/unavailable';
import { usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';
import { createContainer } from './container';

/**
 * The database going away while the server runs (issue #8). The server's PostgreSQL connections
 * go through a TCP proxy this test owns; cutting it drops every open connection and refuses new
 * ones. Requests then go through the real middleware, dashboard page and /member endpoint.
 */
const PROXY_PORT = testPort(4621);
const ORIGIN = 'http://portal.test';

class TcpProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(PROXY_PORT, '127.0.0.1', resolve));
  }

  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server!.close(resolve));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

const postgres = usePostgres();
let proxy: TcpProxy | undefined;
if (postgres) {
  // Before anything opens the database: this file's server reaches PostgreSQL only through the proxy.
  const url = new URL(process.env.DATABASE_URL!);
  proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.open();
  url.hostname = '127.0.0.1';
  url.port = String(PROXY_PORT);
  process.env.DATABASE_URL = url.toString();
  process.env.DATABASE_POOL = '3';
}
afterAll(async () => {
  const { closeDb } = await import('../../src/server/db/client');
  await closeDb();
  await proxy?.cut().catch(() => {});
});

/** A request through the real middleware; behind it the real dashboard page or endpoint. */
async function visit(path: string, token: string, behind: 'page' | 'api', beforePage?: () => Promise<void>) {
  const headers = new Headers({ cookie: `${SESSION_COOKIE}=${token}` });
  const request = new Request(ORIGIN + path, { headers });
  const ctx = createContext({ request, clientAddress: '127.0.0.1', defaultLocale: 'id' });
  const response = (await onRequest(ctx as never, async () => {
    await beforePage?.();
    if (behind === 'api') return unpaidBonuses(ctx as never);
    const container = await createContainer();
    return container.renderToResponse(Dashboard, { locals: ctx.locals, request });
  })) as Response;
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

const title = postgres
  ? 'the database going away (PostgreSQL behind a proxy that is cut and restored)'
  : 'the database going away — not applicable on PGlite: the database runs inside the server process and cannot go away (runs with DATABASE_URL)';

describe(title, () => {
  it.skipIf(!postgres)(
    '503 with an Indonesian page or JSON message and no stack while it is gone; works again when it returns, without a restart',
    async () => {
      const { token } = await signIn({ username: 'demosilver', password: 'rahasia123', remember: false }, { address: '192.0.2.80' });
      const up = { page: await visit('/', token, 'page'), api: await visit('/member/bonus/unpayout', token, 'api') };
      expect(up.page.status).toBe(200);
      expect(up.page.body).toContain('</html>');
      expect(up.api.status).toBe(200);
      expect(JSON.parse(up.api.body)).toMatchObject({ success: true });
      const member = await resolveSession(token);

      await proxy!.cut();
      const page = await visit('/', token, 'page');
      expect(page).toMatchObject({ status: 503, type: 'text/html; charset=utf-8' });
      expect(page.body).toContain('<html lang="id">');
      expect(page.body).toContain(SERVICE_UNAVAILABLE);
      const api = await visit('/member/bonus/unpayout', token, 'api');
      expect(api.status).toBe(503);
      expect(JSON.parse(api.body)).toEqual({
        success: false,
        message: 'Layanan sedang tidak tersedia. Silakan coba lagi beberapa saat lagi.',
      });
      // The endpoint on its own (the session already loaded), as when the database goes between the two.
      const ctx = createContext({ request: new Request(`${ORIGIN}/member/bonus/unpayout`), locals: { member }, defaultLocale: 'id' });
      const direct = await unpaidBonuses(ctx as never);
      expect(direct.status).toBe(503);
      expect(await direct.json()).toEqual({ success: false, message: SERVICE_UNAVAILABLE });
      for (const body of [page.body, api.body]) expect(body).not.toMatch(/\bat .+:\d+:\d+|Error|ECONNREFUSED|CONNECTION_/);

      await proxy!.open();
      const back = { page: await visit('/', token, 'page'), api: await visit('/member/bonus/unpayout', token, 'api') };
      expect(back.page.status).toBe(200);
      expect(back.page.body).toContain('</html>');
      expect(back.page.body).not.toContain(SERVICE_UNAVAILABLE);
      expect(back.api).toEqual(up.api);
    },
  );

  it.skipIf(!postgres)(
    'the database going away in the middle of a page (after the session was read) also answers the 503 page',
    async () => {
      const { token } = await signIn({ username: 'demobronze', password: 'rahasia123', remember: false }, { address: '192.0.2.81' });
      const page = await visit('/', token, 'page', () => proxy!.cut());
      expect(page.status).toBe(503);
      expect(page.body).toContain(SERVICE_UNAVAILABLE);
      await proxy!.open();
      // Back within seconds, without a restart: under a loaded CI the pool once still held the
      // connection the cut had dropped for the first request after, which answered 503 once more.
      await expect.poll(async () => (await visit('/', token, 'page')).status, { timeout: 15_000, interval: 250 }).toBe(200);
    },
  );
});
