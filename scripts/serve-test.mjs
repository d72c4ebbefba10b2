// The server the browser tests talk to: a fresh demo database (PGlite in a temp folder, or a
// new PostgreSQL database when DATABASE_URL is set), dropped again when the tests stop it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startServer } from './server.mjs';
import { readyDataDir, waitForDataDir, YEAR_FOR_BROWSER_ENV } from './template-cache.mjs';

buildIfNeeded();
const cleanups = [];
if (process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  const name = `portal_e2e_${process.pid}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  // Databases left by earlier runs whose server was killed before it could drop them.
  for (const { datname } of await sql`select datname from pg_database where datname like 'portal_e2e_%'`) {
    const pid = Number(datname.slice('portal_e2e_'.length));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      /* gone */
    }
    if (!alive) await sql.unsafe(`drop database if exists ${datname} with (force)`);
  }
  await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.unsafe(`create database ${name}`);
  base.pathname = `/${name}`;
  process.env.DATABASE_URL = base.toString();
  cleanups.push(async () => {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  });
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // The demo year the integration tests seeded today from these sources, when there is one
  // (scripts/template-cache.mjs): the same demo (300 members, seed 42) without seeding it again.
  // Under `npm test` the integration run is building it right now (YEAR_FOR_BROWSER_ENV): waited
  // for, up to a few minutes, then seeded here after all.
  const year = process.env[YEAR_FOR_BROWSER_ENV] ? await waitForDataDir('year', 180_000) : readyDataDir('year');
  if (year) {
    fs.cpSync(year, dir, { recursive: true });
    console.log(`[serve-test] demo year copied from the test template cache (${year})`);
  }
  process.env.DATA_DIR = dir;
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
}
const stop = async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await startServer();
