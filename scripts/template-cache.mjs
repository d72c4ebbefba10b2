// Where the seeded test templates are kept between runs (docs/decisions/0011-test-loop.md): the
// integration tests' templates (tests/setup/templates.ts) and the browser tests' demo server
// (scripts/serve-test.mjs) share them, so one `npm test` seeds the demo year once, and a second
// run of one test file seeds nothing.
//
// A template is valid for exactly the sources that seed it and for one Jakarta day (the demo is
// dated relative to today), so the key is a hash of those sources plus the date:
//   PGlite:     <cache>/<date>_<hash>/<kind>/  (and <kind>-files/, the uploads a template's rows point at)
//   PostgreSQL: databases portal_tpl_<kind>_<date>_<hash>
// The cache is the user's (`$XDG_CACHE_HOME` or ~/.cache, /portal-member/test-templates;
// PORTAL_TEMPLATE_CACHE overrides it), not the checkout's: it is content-addressed, so every clone
// and worktree of the same sources on the machine shares it, as they share the PostgreSQL server's
// template databases, and a fresh clone's first run does not seed the same demo again.
// A template is written under a temporary name and renamed when complete, so a run that was
// killed half-way leaves nothing that looks usable.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Inside the checkout: the cache before it moved to the user's, and where it stays when the user's is not writable. */
const CHECKOUT_CACHE_ROOT = path.join(root, 'node_modules', '.cache', 'portal-templates');

function userCacheRoot() {
  if (process.env.PORTAL_TEMPLATE_CACHE) return process.env.PORTAL_TEMPLATE_CACHE;
  const dir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'portal-member', 'test-templates');
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    return dir;
  } catch {
    return CHECKOUT_CACHE_ROOT; // a read-only or missing home (some CI containers)
  }
}
export const CACHE_ROOT = userCacheRoot();
/** Another key of today is left alone while a run may still copy from it: another checkout's sources. */
const IDLE_MS = 60 * 60 * 1000;

/** What a seeded template depends on: migrations, the server and shared code the seed and closing run, the lock file. */
const SOURCES = ['drizzle', 'src/server', 'src/lib', 'tests/setup/build-template.ts', 'package-lock.json'];

function hashSources() {
  const hash = createHash('sha256');
  const add = (full) => {
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) add(path.join(full, name));
    } else {
      hash.update(path.relative(root, full));
      hash.update('\0');
      hash.update(fs.readFileSync(full));
    }
  };
  for (const source of SOURCES) {
    const full = path.join(root, source);
    if (fs.existsSync(full)) add(full);
  }
  return hash.digest('hex').slice(0, 12);
}

/** Today in Asia/Jakarta as yyyymmdd (the demo's "today"). */
function jakartaDay() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
}

let key;
/** `<yyyymmdd>_<hash>`: the cache key of this checkout's templates today. */
export function templateKey() {
  key ??= `${jakartaDay()}_${hashSources()}`;
  return key;
}

/** The PGlite data folder of a cached template (it may not exist yet). */
export const cachedDataDir = (kind) => path.join(CACHE_ROOT, templateKey(), kind);

/** A complete cached PGlite template of this kind, or undefined. */
export function readyDataDir(kind) {
  const dir = cachedDataDir(kind);
  return fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION')) ? dir : undefined;
}

/**
 * Set by `npm test` (scripts/test.mjs) when the PGlite integration run and the browser tests start
 * together: the integration run builds the demo year at once (tests/setup/global-setup.ts) and the
 * browser tests' server waits for it (waitForDataDir) rather than seeding the same year beside it.
 */
export const YEAR_FOR_BROWSER_ENV = 'PORTAL_YEAR_FOR_BROWSER';

/** A cached PGlite template of this kind once it is complete, or undefined after `timeoutMs`. */
export async function waitForDataDir(kind, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ready = readyDataDir(kind);
    if (ready || Date.now() >= until) return ready;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Marks this key as in use and removes the others no run needs: keys of earlier days, and keys of
 * today unused for an hour (older sources here, or another checkout's that stopped testing).
 */
export function pruneDataDirs() {
  if (CACHE_ROOT !== CHECKOUT_CACHE_ROOT) fs.rmSync(CHECKOUT_CACHE_ROOT, { recursive: true, force: true });
  if (!fs.existsSync(CACHE_ROOT)) return;
  const current = templateKey();
  const today = current.slice(0, 8);
  for (const name of fs.readdirSync(CACHE_ROOT)) {
    const full = path.join(CACHE_ROOT, name);
    if (name === current) {
      const now = new Date();
      fs.utimesSync(full, now, now);
      continue;
    }
    const day = /^(\d{8})_[0-9a-f]{12}$/.exec(name)?.[1];
    const idle = Date.now() - fs.statSync(full).mtimeMs > IDLE_MS;
    if (!day || day < today || idle) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The uploaded files (return evidence, banners) a PostgreSQL template's rows point at: they live
 * outside the database, so the cache keeps them beside the PGlite templates of the same key. A
 * cached template database without its files (their stamp) is made again.
 */
export const cachedFilesDir = (kind) => path.join(CACHE_ROOT, templateKey(), `${kind}-files`);

/** The PostgreSQL database name of a cached template. */
export const cachedDatabase = (kind) => `portal_tpl_${kind}_${templateKey()}`;

/** Whether a cached PostgreSQL template name is from an earlier day (safe to drop: no run of today uses it). */
export function isStaleDatabase(name) {
  const match = /^portal_tpl_[a-z]+_(\d{8})_[0-9a-f]{12}$/.exec(name);
  return Boolean(match && match[1] < jakartaDay());
}

/**
 * Removes the WAL segments a cleanly shut down PGlite folder does not need: PostgreSQL keeps
 * recycled segments as future ones (16 MB each, half of a template's size), and every test file
 * copies its template. Only the segment holding the last checkpoint is kept, read from
 * global/pg_control (system identifier, version, catalogue version, state, time, checkpoint LSN:
 * the same first fields in every PostgreSQL version); a folder not shut down cleanly is left whole.
 */
export function trimWal(dataDir) {
  const pgdata = path.join(dataDir, 'pglite');
  const control = fs.readFileSync(path.join(pgdata, 'global', 'pg_control'));
  const SHUT_DOWN = 1;
  if (control.readInt32LE(16) !== SHUT_DOWN) return;
  const segment = control.readBigUInt64LE(32) / BigInt(16 * 1024 * 1024);
  const keep = `${(segment / 256n).toString(16).padStart(8, '0')}${(segment % 256n).toString(16).padStart(8, '0')}`.toUpperCase();
  const wal = path.join(pgdata, 'pg_wal');
  const segments = fs.readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name));
  if (!segments.some((name) => name.endsWith(keep))) return;
  for (const name of segments) if (!name.endsWith(keep)) fs.rmSync(path.join(wal, name));
}
