import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { CHILD_NODE_FLAGS } from '../faults/compiled';
import { childEnv, cli } from '../faults/server-process';
import { usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';

/**
 * Issue #21 (second outside test): the portal as it runs (scripts/server.mjs over the build) on a
 * PGlite data folder: file modes of the folder and of backups, methods a page does not take, and
 * the backup download streamed instead of built in memory.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = testPort(Number(process.env.PORT_HTTP_HARDENING ?? 4806));
const BASE = `http://127.0.0.1:${PORT}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One raw HTTP request (any method, TRACE included) on a connection of its own. */
function call(route: string, method = 'GET', headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${route}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Every path under `dir` whose mode gives group or others any access, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(dir, target)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name));
  };
  walk(dir);
  return found;
}

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe.skipIf(usePostgres())('the running portal on PGlite', { timeout: 240_000 }, () => {
  let server: ChildProcess;
  let work: string;
  let dataDir: string;
  let serverErr = '';

  beforeAll(async () => {
    // A copy of this file's seeded folder, as an older version left it (PGlite unpacks its files 0666).
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-http-'));
    dataDir = path.join(work, 'data');
    fs.cpSync(process.env.DATA_DIR!, dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, 'portal.pid'), { force: true });
    fs.chmodSync(dataDir, 0o755);
    buildIfNeeded();
    server = spawn(process.execPath, [...CHILD_NODE_FLAGS, 'scripts/server.mjs'], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', SEED_ON_START: '0' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.setEncoding('utf8').on('data', (text: string) => {
      serverErr += text;
    });
    for (let i = 0; i < 300; i++) {
      if (
        await call('/signin').then(
          (r) => r.status === 200,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server tidak siap: ${serverErr}`);
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('after the start the data folder is 0700 and no file in it is open to group or others', () => {
    expect(modeOf(dataDir)).toBe('700');
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('TRACE, PUT, DELETE, PROPFIND and OPTIONS on a page answer 405 with Allow, nothing logged; the API keeps its methods', async () => {
    const before = serverErr.length;
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PROPFIND', 'OPTIONS']) {
      for (const page of ['/signin', '/info/tentang-kami', '/admin/signin']) {
        const answer = await call(page, method, { origin: BASE });
        expect(answer.status, `${method} ${page}`).toBe(405);
        expect(answer.headers.allow, `${method} ${page}`).toBe('GET, HEAD, POST');
      }
    }
    expect((await call('/signin')).status).toBe(200);
    expect((await call('/signin', 'HEAD')).status).toBe(200);
    // Endpoints answer their own methods as before: PUT on the member API is its session check.
    const put = await call('/member/account/1', 'PUT', { 'content-type': 'application/json' }, '{}');
    expect(put.status).toBe(401);
    expect(JSON.parse(put.body.toString())).toEqual({ success: false, message: 'Sesi berakhir, silakan login kembali' });
    expect(serverErr.slice(before)).toBe('');
  });

  it('GET /admin/api/backup streams the archive (chunked, no Content-Length) and it restores', async () => {
    const signIn = await call(
      '/admin/api/token',
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'superadmin', password: DEMO_OPERATOR_PASSWORD }),
    );
    const { token } = (JSON.parse(signIn.body.toString()) as { result: { token: string } }).result;
    const answer = await call('/admin/api/backup', 'GET', { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/gzip');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.headers['content-length']).toBeUndefined();
    const tar = gunzipSync(answer.body);
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    expect(tar.toString('latin1')).toContain('PG_VERSION');
    // The database answers again once the download is over.
    expect((await call('/admin/api/token', 'DELETE', { authorization: `Bearer ${token}` })).status).toBeLessThan(300);
  });

  it('npm run backup through the server writes a 0600 file that npm run restore loads', () => {
    const file = path.join(work, 'lewat-server.tar.gz');
    fs.writeFileSync(file, 'lama', { mode: 0o644 });
    const backup = cli('backup', ['--out', file], {
      DATA_DIR: dataDir,
      OPERATOR_USERNAME: 'superadmin',
      OPERATOR_PASSWORD: DEMO_OPERATOR_PASSWORD,
    });
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(modeOf(file)).toBe('600');
    const target = path.join(work, 'pulih');
    const restore = cli('restore', [file], { DATA_DIR: target });
    expect(restore.err).toBe('');
    // The small test template has the network and no orders yet: the members prove the content came back.
    expect(restore.out).toMatch(/^Database dipulihkan ke .*: [1-9]\d* member, \d+ order, \d+ file ke .*; jalankan npm start$/);
    expect(modeOf(target)).toBe('700');
    expect(openToOthers(target)).toEqual([]);
  });
});

describe.skipIf(usePostgres())('a new data folder opened by the CLI', { timeout: 180_000 }, () => {
  it('is 0700 with nothing open to others, and its backup file is 0600', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-baru-'));
    try {
      const dataDir = path.join(work, 'data');
      const file = path.join(work, 'baru.tar.gz');
      const backup = cli('backup', ['--out', file], { DATA_DIR: dataDir });
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(modeOf(dataDir)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);
      expect(modeOf(file)).toBe('600');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
