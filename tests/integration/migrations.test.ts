import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onServer, tempDir, usePostgres, withDatabase } from '../setup/databases';

// A company's existing database, made by the first migration and holding its data, must upgrade
// in place when a newer portal starts (ADR 0008). The fixture is the data of a small demo as
// 0000_init.sql shaped it; the portal's own connection then applies every later migration.

const root = path.resolve(import.meta.dirname, '../..');
const journal = JSON.parse(fs.readFileSync(path.join(root, 'drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};
const fixtureRows = zlib.gunzipSync(fs.readFileSync(path.join(root, 'tests/fixtures/data-0000-init.sql.gz'))).toString('utf8');

const madeFolders: string[] = [];

/** A drizzle/ folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = path.join(tempDir('portal-mig-'), 'drizzle');
  madeFolders.push(path.dirname(dir));
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(root, 'drizzle', `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const baseUrl = process.env.DATABASE_URL;
const dbName = `portal_mig_${process.pid}_${Date.now()}`;
let pgliteDir = '';

/** Builds the old database: migration 0000 only, the region lists, then the fixture's rows. */
async function buildOldDatabase(): Promise<void> {
  const { seedRegions } = await import('../../src/server/db/seed/regions');
  const folder = migrationsUpTo(1);
  const load = `set session_replication_role = replica;\n${fixtureRows}\nset session_replication_role = origin;`;
  if (usePostgres() && baseUrl) {
    await onServer(baseUrl, (s) => s.unsafe(`create database ${dbName}`));
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(withDatabase(baseUrl, dbName), { max: 1, onnotice: () => {} });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    await seedRegions(db as never);
    await client.unsafe(load);
    await client.end();
    process.env.DATABASE_URL = withDatabase(baseUrl, dbName);
  } else {
    pgliteDir = path.join(tempDir('portal-old-'), 'data');
    fs.mkdirSync(pgliteDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create(path.join(pgliteDir, 'pglite'));
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    await seedRegions(db as never);
    await client.exec(load);
    await client.close();
    process.env.DATA_DIR = pgliteDir;
  }
}

describe('an existing database upgrades in place', () => {
  beforeAll(async () => {
    const { closeDb } = await import('../../src/server/db/client');
    await closeDb();
    await buildOldDatabase();
  }, 120_000);

  afterAll(async () => {
    const { closeDb } = await import('../../src/server/db/client');
    await closeDb();
    if (usePostgres() && baseUrl) await onServer(baseUrl, (s) => s.unsafe(`drop database if exists ${dbName} with (force)`));
    else if (pgliteDir) fs.rmSync(path.dirname(pgliteDir), { recursive: true, force: true });
    for (const folder of madeFolders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('applies every later migration, keeps the rows, and the portal works on them', async () => {
    const { connection, selectRows } = await import('../../src/server/db/client');
    const { db } = await connection();

    const applied = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0].n).toBe(journal.entries.length);

    const counts = await selectRows<{ members: number; orders: number; bonuses: number }>(
      db,
      sql`
      select (select count(*)::int from members) as members, (select count(*)::int from orders) as orders,
             (select count(*)::int from bonuses) as bonuses`,
    );
    expect(counts[0]).toEqual({ members: 12, orders: 99, bonuses: 108 });

    const { sessionOf } = await import('./helpers');
    const member = await sessionOf('demoplatinum');
    expect(member.nama).toBe('Demo Platinum');

    const { listOrders } = await import('../../src/server/services/order/list-orders');
    const { OrderListQuerySchema } = await import('../../src/lib/schemas/order-list');
    const list = await listOrders(member, OrderListQuerySchema.parse({ from: '2020-01-01', to: '2030-12-31' }));
    expect(list.total_count).toBeGreaterThan(0);

    const { loadDashboard } = await import('../../src/server/services/dashboard/get-dashboard');
    const dashboard = await loadDashboard(member);
    expect(dashboard).toBeTruthy();

    // 0010: the footer's example.com placeholders became the portal's own pages; banners stay on.
    const footer = await selectRows<{ value: { url: string }[] }>(db, sql`select value from settings where key = 'footer_links'`);
    expect(footer[0]!.value.map((link) => link.url)).toContain('/info/kode-etik');
    expect(JSON.stringify(footer[0]!.value)).not.toContain('example.com');
    const { getBanners } = await import('../../src/server/services/dashboard/get-banners');
    expect((await getBanners('banner-member')).banner_items.length).toBeGreaterThan(0);
  });
});
