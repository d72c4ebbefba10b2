import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/unavailable';
import { CHILD_NODE_FLAGS } from '../faults/compiled';
import { tempDir, usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';

/**
 * `npm start` with a data folder it cannot write (issue #8): one clear line naming the folder and
 * the cause, exit code 1, no stack trace and no hang. Tests run as root, for whom chmod changes
 * nothing, so the folders are ones even root cannot write: under a regular file, under /proc, and
 * (where the container allows mount) a read-only and a full tmpfs.
 */
const scratch = tempDir('portal-datadir-');
const mounts: string[] = [];

function tmpfs(name: string, options: string): string | undefined {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounts.push(dir);
  return dir;
}

// A full disk: a 1 MiB tmpfs with its data folder made, then filled to the last block.
const full = tmpfs('full', 'size=1m');
if (full) {
  fs.mkdirSync(path.join(full, 'data'));
  const fd = fs.openSync(path.join(full, 'filler'), 'w');
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
  } catch {
    /* ENOSPC: full */
  }
  fs.closeSync(fd);
}
const readOnly = tmpfs('ro', 'ro,size=1m');
const noMount = 'needs `mount -t tmpfs` (root in a container that allows it); not permitted here';

afterAll(() => {
  for (const dir of mounts) spawnSync('umount', [dir]);
  fs.rmSync(scratch, { recursive: true, force: true });
});

function start(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(testPort(4629)) };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [...CHILD_NODE_FLAGS, 'scripts/start.mjs'], { env, encoding: 'utf8', timeout: 60_000 });
}

function expectClearRefusal(dataDir: string, cause: string) {
  const run = start(dataDir);
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toMatch(
    new RegExp(`^\\[portal\\] DATA_DIR ${dataDir.replaceAll('/', '\\/')} tidak bisa ditulis: ${cause} \\(`),
  );
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).not.toContain('siap di');
}

describe('npm start with a data folder it cannot write', () => {
  it('a path under a regular file: names the folder and the cause, exits 1', () => {
    const file = path.join(scratch, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    expectClearRefusal(path.join(file, 'data'), 'sebagian path bukan folder');
  });

  it('a path where no folder can be made (/proc): answers instead of hanging in mkdir -p', () => {
    expectClearRefusal('/proc/portal-data', 'folder tidak bisa dibuat di sana');
  });

  it.skipIf(!full)(`a full disk (1 MiB tmpfs filled): 'disk penuh'${full ? '' : ` — skipped: ${noMount}`}`, () => {
    expectClearRefusal(path.join(full!, 'data'), 'disk penuh');
  });

  it.skipIf(!readOnly)(
    `a read-only file system (tmpfs mounted ro): 'sistem file hanya-baca'${readOnly ? '' : ` — skipped: ${noMount}`}`,
    () => {
      expectClearRefusal(path.join(readOnly!, 'data'), 'sistem file hanya-baca');
    },
  );

  it('the server itself refuses the same folder when it opens the database (not only npm start)', async () => {
    const saved = { dir: process.env.DATA_DIR, url: process.env.DATABASE_URL };
    process.env.DATA_DIR = '/proc/portal-data';
    delete process.env.DATABASE_URL;
    try {
      const { connection } = await import('../../src/server/db/client');
      await expect(connection()).rejects.toThrow('DATA_DIR /proc/portal-data tidak bisa ditulis: folder tidak bisa dibuat di sana');
    } finally {
      process.env.DATA_DIR = saved.dir;
      if (saved.url) process.env.DATABASE_URL = saved.url;
    }
  });
});

const runtimeTitle = usePostgres()
  ? 'a disk filling up while the server runs — PGlite only (PostgreSQL keeps its own disk; runs without DATABASE_URL)'
  : `a disk filling up while the server runs (PGlite on a tmpfs): the write fails whole as 'unavailable' (503), and works again once there is space${readOnly ? '' : ` — skipped: ${noMount}`}`;

describe(runtimeTitle, () => {
  it.skipIf(usePostgres() || !readOnly)('no half-written order on ENOSPC; the same process writes again after space is freed', async () => {
    const saved = process.env.DATA_DIR!;
    const { closeDb, getDb, selectRows } = await import('../../src/server/db/client');
    await closeDb();
    const size = Math.ceil(Number(execFileSync('du', ['-sm', saved], { encoding: 'utf8' }).split('\t')[0]) + 16);
    const disk = tmpfs('runtime', `size=${size}m`)!;
    fs.cpSync(saved, path.join(disk, 'data'), { recursive: true });
    process.env.DATA_DIR = path.join(disk, 'data');
    try {
      const db = await getDb();
      const count = async () =>
        (
          await selectRows<{ n: number; qty: number }>(
            db,
            sql`
        select (select count(*)::int from orders) as n, (select sum(qty)::int from warehouse_stock) as qty`,
          )
        )[0]!;
      const { createOrder } = await import('../../src/server/services/order/create-order');
      const { listProducts } = await import('../../src/server/services/order/list-products');
      const { findWarehouses } = await import('../../src/server/services/order/find-warehouses');
      const [buyer] = await selectRows<{ id: number; posisi: 'SILVER' }>(
        db,
        sql`select id::int as id, posisi from members where username = 'demosilver'`,
      );
      const details = (await listProducts('repeat-order')).rows.slice(0, 3).map((p) => ({ id: p.public_id, qty: 1 }));
      const [gudang] = await findWarehouses(details, { online: false, pickup: true });
      const order = (ref: string) =>
        createOrder(buyer!, {
          client_ref: ref,
          pickup_store: true,
          id_gudang: gudang!.public_id,
          is_asuransi: false,
          details,
          payment_method: 'bca_va',
          join_member: false,
          upgrade_member: false,
          is_ro: true,
          member: null,
        } as Parameters<typeof createOrder>[1]);

      // The loop leaves hundreds of orders unpaid on purpose: lift the per-member cap of unpaid orders.
      await db.execute(
        sql`insert into settings (key, value) values ('order_max_pending', '1000000'::jsonb) on conflict (key) do update set value = excluded.value`,
      );
      (await import('../../src/server/services/settings')).forgetSettingsCache();
      const before = await count();
      const filler = path.join(disk, 'filler');
      const fd = fs.openSync(filler, 'w');
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
      } catch {
        /* ENOSPC: full */
      }
      fs.closeSync(fd);
      // Writes go on into space PostgreSQL had already taken (WAL segments, free room in pages) until one needs more.
      let made = 0;
      let failed: unknown;
      while (!failed && made < 500)
        await order(`disk-penuh-${made}`).then(
          () => {
            made++;
          },
          (error: unknown) => {
            failed = error;
          },
        );
      expect(isDatabaseUnavailable(failed), String((failed as { cause?: unknown })?.cause ?? failed)).toBe(true);
      expect(await count()).toEqual({ n: before.n + made, qty: before.qty - 3 * made });
      const [torn] = await selectRows<{ n: number }>(
        db,
        sql`
        select count(*)::int as n from orders o where o.client_ref like 'disk-penuh-%' and not exists (select 1 from order_details d where d.order_id = o.id)`,
      );
      expect(torn!.n).toBe(0);

      fs.rmSync(filler);
      await order('disk-penuh-setelah');
      expect((await count()).n).toBe(before.n + made + 1);
    } finally {
      await closeDb();
      process.env.DATA_DIR = saved;
    }
  });
});
