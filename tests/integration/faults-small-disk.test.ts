import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountTmpfs, NO_MOUNT, request, type ServerProcess, spawnServer, unmount } from '../faults/server-process';
import { tempDir, usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';

/**
 * Issue #26: the first start on a disk too small for a new database answered every request with
 * an empty 500 and logged nothing useful ("[object Object]"). Now `npm start` refuses with one
 * line naming the free space and what a new database needs; a server started without that check
 * answers a 503 page that names the cause, logs it, and opens the database by itself once the
 * disk has room (no restart).
 */
const PORT = testPort(Number(process.env.PORT_SMALL_DISK ?? 4823));
// No folder at all on PostgreSQL, where every test here is skipped (and no hook would remove it).
const scratch = usePostgres() ? '' : tempDir('portal-smalldisk-');
const disk = usePostgres() ? undefined : mountTmpfs(path.join(scratch, 'disk'), 30);
afterAll(() => {
  if (disk) unmount(disk);
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const title = usePostgres()
  ? 'first start on a small disk — PGlite only (PostgreSQL keeps its own disk; runs without DATABASE_URL)'
  : `first start on a 30 MB disk${disk ? '' : ` — skipped: ${NO_MOUNT}`}`;

describe.skipIf(usePostgres() || !disk)(title, { timeout: 300_000 }, () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('npm start: one line with the free space and what a new database needs, exit 1, nothing left behind', async () => {
    const dataDir = path.join(disk!, 'data');
    server = spawnServer(PORT, { DATA_DIR: dataDir, SEED_ON_START: '1' }, 'scripts/start.mjs');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^\\[portal\\] DATA_DIR ${dataDir} tidak bisa ditulis: disk penuh \\(sisa \\d+ MB; database baru perlu paling sedikit 100 MB\\)$`,
      ),
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('the server without that check: a 503 page naming the cause, a log line, and it opens the database once the disk has room', async () => {
    const dataDir = path.join(disk!, 'data2');
    // A small demo: what is tested is the database opening once the disk has room, not the year it seeds.
    server = spawnServer(PORT, { DATA_DIR: dataDir, SEED_ON_START: '1', DEMO_MEMBERS: '12', NEW_DATABASE_MIN_FREE_MB: '0' });
    let page = { status: 0, text: '' };
    for (let i = 0; i < 150 && page.status === 0; i++) {
      page = await request(server.base, '/signin', { timeoutMs: 120_000 }).catch(() => ({ status: 0, text: '', headers: {} }));
      if (page.status === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(page.status, server.output().slice(0, 3000)).toBe(503);
    expect(page.text).toContain('Layanan sedang tidak tersedia');
    expect(page.text).toContain('Penyebab (untuk operator): database server tidak bisa dibuka: disk penuh.');
    expect(page.text).not.toContain(dataDir);
    expect(server.output()).toMatch(
      new RegExp(
        `\\[portal\\] database tidak tersedia \\(DATA_DIR_UNWRITABLE\\): Database di DATA_DIR ${dataDir} tidak bisa dibuka: disk penuh`,
      ),
    );
    expect(server.output()).not.toContain('[object Object]');

    // The disk grows (the operator freed space): the next requests open, migrate and seed the database.
    execFileSync('mount', ['-o', 'remount,size=400m', disk!]);
    let ok = 0;
    for (let i = 0; i < 60 && ok !== 200; i++) {
      ok = (await request(server.base, '/signin', { timeoutMs: 240_000 }).catch(() => ({ status: 0 }))).status;
      if (ok !== 200) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(ok, server.output().slice(-2000)).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
