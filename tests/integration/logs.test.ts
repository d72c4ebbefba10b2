import fs from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { createContext } from 'astro/middleware';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequest } from '../../src/middleware';
import { closeDb } from '../../src/server/db/client';
import { installConsole } from '../../src/server/log';
import { logFormat, startProblem } from '../../src/server/mode';
import { request, type ServerProcess, spawnServer, untilServing } from '../faults/server-process';
import { tempDir, usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';
import { sessionOf } from './helpers';
import { callRoute, ORIGIN } from './route-harness';

// Issue #24: structured logs (docs/operations.md "Logs"). LOG_FORMAT=json: every console line is
// one JSON object with the id of the request it was written for, plus one access line a request;
// text (the default outside production): the readable lines with the `[req <id>]` prefix.

/** The real middleware on one request; `page` stands for the page or endpoint behind it. */
async function visit(pathname: string, page: () => Promise<Response>, headers: Record<string, string> = {}, routePattern?: string) {
  const ctx = createContext({ request: new Request(ORIGIN + pathname, { headers }), clientAddress: '127.0.0.1', defaultLocale: 'id' });
  if (routePattern) Object.assign(ctx, { routePattern });
  return (await onRequest(ctx as never, page)) as Response;
}

/** What the process writes to stdout and stderr from now on (not passed on), as lines. */
function captureOutput() {
  const written = { stdout: [] as string[], stderr: [] as string[] };
  for (const name of ['stdout', 'stderr'] as const) {
    vi.spyOn(process[name], 'write').mockImplementation(((chunk: string | Uint8Array) => {
      written[name].push(String(chunk));
      return true;
    }) as never);
  }
  const lines = (chunks: string[]) =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l !== '');
  return { stdout: () => lines(written.stdout), stderr: () => lines(written.stderr) };
}

type Line = { level: number; time: string; msg: string; reqId?: string; [k: string]: unknown };

/** Every line parsed as JSON (a line that is not fails the test, named). */
function parsed(lines: string[]): Line[] {
  return lines.map((line) => {
    let value: Line;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`not a JSON line: ${line}`);
    }
    expect(typeof value.level, line).toBe('number');
    expect(Number.isNaN(Date.parse(value.time)), line).toBe(false);
    expect(typeof value.msg, line).toBe('string');
    return value;
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('LOG_FORMAT=json', () => {
  it('every line is JSON; lines written while a request is handled carry its id; one access line a request', async () => {
    vi.stubEnv('LOG_FORMAT', 'json');
    installConsole();
    const output = captureOutput();
    console.log('[uji] sebelum permintaan');
    /** A page that logs on each level, across awaits, interleaved with the other request. */
    const page = (tag: string, status: number) => async () => {
      console.log(`[uji] halaman ${tag} mulai`);
      await pause(20);
      console.info(`[uji] halaman ${tag} info`, { jumlah: 2 });
      console.warn(`[uji] halaman ${tag} peringatan`);
      await pause(5);
      console.error(`[uji] halaman ${tag} gagal`, new Error(`rusak ${tag}`));
      return new Response('ok', { status });
    };
    const [a, b] = await Promise.all([
      visit('/info/uji-a?token=rahasia-a&cariNama=budi', page('a', 200), { 'x-request-id': 'proxy-uji.a' }),
      visit('/info/uji-b?token=rahasia-b', page('b', 201)),
    ]);
    const broken = await visit('/info/uji-c', async () => {
      throw new Error('halaman c rusak');
    });
    console.log('[uji] sesudah permintaan');
    const stdout = parsed(output.stdout());
    const stderr = parsed(output.stderr());
    const all = [...stdout, ...stderr];

    const idA = a.headers.get('x-request-id');
    const idB = b.headers.get('x-request-id');
    const idC = broken.headers.get('x-request-id');
    expect(idA).toBe('proxy-uji.a');
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(broken.status).toBe(500);
    for (const [tag, id] of [
      ['a', idA],
      ['b', idB],
    ] as const) {
      const mine = all.filter((l) => l.msg.includes(`halaman ${tag} `));
      expect(mine.map((l) => l.msg.replace(/\n[\s\S]*/, '')).sort(), tag).toEqual(
        [
          `[uji] halaman ${tag} mulai`,
          `[uji] halaman ${tag} info { jumlah: 2 }`,
          `[uji] halaman ${tag} peringatan`,
          `[uji] halaman ${tag} gagal Error: rusak ${tag}`,
        ].sort(),
      );
      for (const line of mine) expect(line.reqId, line.msg).toBe(id);
      // log/info on stdout at level 30; warn (40) and error (50, with its stack) on stderr.
      expect(stdout.filter((l) => l.msg.includes(`halaman ${tag} `)).map((l) => l.level)).toEqual([30, 30]);
      expect(stderr.filter((l) => l.msg.includes(`halaman ${tag} `)).map((l) => l.level)).toEqual([40, 50]);
      expect(stderr.find((l) => l.level === 50 && l.reqId === id)!.msg).toMatch(/rusak \w\n\s+at /);
    }
    // The 500's own line (server-error.ts) carries the request too.
    expect(stderr.find((l) => l.msg.startsWith('[portal] 500 GET /info/uji-c'))?.reqId).toBe(idC);
    // Lines outside a request have no id.
    for (const msg of ['[uji] sebelum permintaan', '[uji] sesudah permintaan']) {
      const line = stdout.find((l) => l.msg === msg);
      expect(line, msg).toMatchObject({ level: 30 });
      expect(line).not.toHaveProperty('reqId');
    }

    const access = stdout.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(3);
    expect(access.find((l) => l.reqId === idA)).toMatchObject({ method: 'GET', path: '/info/uji-a', status: 200 });
    expect(access.find((l) => l.reqId === idB)).toMatchObject({ method: 'GET', path: '/info/uji-b', status: 201 });
    expect(access.find((l) => l.reqId === idC)).toMatchObject({ method: 'GET', path: '/info/uji-c', status: 500 });
    for (const line of access.slice(0, 2)) expect(line.durationMs as number).toBeGreaterThanOrEqual(20);
    // The query string (a token, a search) is never written.
    expect([...output.stdout(), ...output.stderr()].join('\n')).not.toMatch(/rahasia|budi/);
  });

  it('a real endpoint through the middleware: its access line, without the search term; a token in the path is logged by its route', async () => {
    vi.stubEnv('LOG_FORMAT', 'json');
    installConsole();
    const me = await sessionOf('demosilver');
    const output = captureOutput();
    const found = await callRoute('/member/opt/downline', 'GET', { bearer: me.token, query: { search: 'demo st' } });
    const verify = await visit('/verifikasi-bank/token-rahasia-123', async () => new Response('ok'), {}, '/verifikasi-bank/[token]');
    const lines = parsed([...output.stdout(), ...output.stderr()]);
    expect(found.status).toBe(200);
    expect(lines.find((l) => l.msg === 'request' && l.reqId === found.headers.get('x-request-id'))).toMatchObject({
      method: 'GET',
      path: '/member/opt/downline',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(lines.find((l) => l.msg === 'request' && l.reqId === verify.headers.get('x-request-id'))).toMatchObject({
      path: '/verifikasi-bank/[token]',
      status: 200,
    });
    expect(JSON.stringify(lines)).not.toMatch(/demo st|token-rahasia/);
  });
});

describe('LOG_FORMAT=text', () => {
  it('the lines as written, `[req <id>]` in front of those of a request, and no access line', async () => {
    vi.stubEnv('LOG_FORMAT', 'text');
    const written: string[] = [];
    for (const level of ['log', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        written.push(format(...args));
      });
    }
    // Over the spies (restored after the test, the routing with them).
    installConsole();
    const output = captureOutput();
    console.log('[uji] di luar permintaan');
    const answer = await visit('/info/uji-teks?token=rahasia', async () => {
      console.log('[uji] di halaman', 7);
      console.warn({ peringatan: true });
      return new Response('ok');
    });
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(written).toEqual(['[uji] di luar permintaan', `[req ${id}] [uji] di halaman 7`, `[req ${id}] { peringatan: true }`]);
    expect(output.stdout()).toEqual([]);
    expect(output.stderr()).toEqual([]);
  });

  it('the default: json with PORTAL_ENV=production, text otherwise; LOG_FORMAT wins; another value refuses to start', () => {
    expect(logFormat({})).toBe('text');
    expect(logFormat({ PORTAL_ENV: 'development' })).toBe('text');
    expect(logFormat({ PORTAL_ENV: 'production' })).toBe('json');
    expect(logFormat({ PORTAL_ENV: 'production', LOG_FORMAT: 'text' })).toBe('text');
    expect(logFormat({ LOG_FORMAT: 'json' })).toBe('json');
    expect(startProblem({ LOG_FORMAT: 'JSON' })).toBe('LOG_FORMAT="JSON" tidak dikenal, tidak dijalankan: isi json atau text');
    expect(startProblem({ LOG_FORMAT: '' })).toBeUndefined();
  });
});

describe('a production server process', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('writes only JSON lines, the first request’s start-up line with its id', async () => {
    const port = testPort(Number(process.env.PORT_LOGS ?? 4827));
    const work = tempDir('portal-logs-');
    await closeDb();
    const env = usePostgres() ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: path.join(work, 'data') };
    if (env.DATA_DIR) fs.cpSync(process.env.DATA_DIR!, env.DATA_DIR, { recursive: true });
    server = spawnServer(port, {
      ...env,
      PORTAL_ENV: 'production',
      MIDTRANS_SERVER_KEY: 'SB-Mid-server-x',
      MIDTRANS_CLIENT_KEY: 'SB-Mid-client-x',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      // Unset: production says in the first request that it never seeds (a line inside that request).
      SEED_ON_START: undefined,
      LOG_FORMAT: undefined,
    });
    await untilServing(server);
    const answer = await request(server.base, '/signin?next=%2Frahasia', { headers: { 'x-request-id': 'uji-produksi-1' } });
    expect(answer.status).toBe(200);
    await server.stop();
    const lines = parsed(
      server
        .output()
        .split('\n')
        .filter((l) => l !== ''),
    );
    const seeding = lines.find((l) => l.msg.includes('SEED_ON_START diabaikan'));
    expect(seeding?.reqId).toEqual(expect.any(String));
    expect(lines.find((l) => l.msg === 'request' && l.reqId === seeding!.reqId)).toMatchObject({ path: '/signin', status: 200 });
    expect(lines.find((l) => l.msg === 'request' && l.reqId === 'uji-produksi-1')).toMatchObject({
      method: 'GET',
      path: '/signin',
      status: 200,
    });
    expect(lines.some((l) => l.msg.startsWith('[portal] SIGTERM'))).toBe(true);
    expect(server.output()).not.toContain('rahasia');
  });
});
