import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cachedDatabase,
  cachedDataDir,
  cachedFilesDir,
  isStaleDatabase,
  pruneDataDirs,
  readyDataDir,
  trimWal,
} from '../../scripts/template-cache.mjs';
import { compiled } from '../faults/compiled';
import { onServer, withDatabase } from './databases';

/**
 * The template databases of the integration tests, built on demand by Vitest's main process
 * (global-setup.ts), each at most once per run, each in a child process (build-template.ts):
 *
 *   base  (migrated + region lists) ─┬─ small (the demo network, catalogue, settings, content, operators)
 *                                    └─ year  (the whole demo: a year of orders, closed days, bonuses, …)
 *
 * `small` is what every test file starts from. `year` is built only when a selected file is marked
 * `// @template year` (it is the one expensive build: a year of orders and 365 closings).
 * A PGlite template is a data folder, a PostgreSQL one a database used as `create database … template`.
 */
export type TemplateKind = 'base' | 'small' | 'year';

export interface TemplateLocation {
  /** PGlite: the data folder to copy. */
  dataDir?: string;
  /** PostgreSQL: the database name to use as template. */
  database?: string;
  /** PostgreSQL: the uploaded files its rows point at (FILES_DIR of the build), to copy per file. */
  filesDir?: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function runBuilder(kind: TemplateKind, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiled('tests/setup/build-template.ts'), kind], {
      cwd: root,
      env: { ...process.env, ...env, SEED_ON_START: '0', SCHEDULER: '0' },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`test template ${kind} failed (exit ${code}):\n${stderr}`))));
  });
}

export class Templates {
  private readonly built = new Map<TemplateKind, Promise<TemplateLocation>>();
  /** Wall time of each build (or "cached"), printed at the end of the run. */
  readonly timings: string[] = [];

  constructor(private readonly baseUrl: string | undefined) {
    pruneDataDirs();
  }

  get(kind: TemplateKind): Promise<TemplateLocation> {
    let found = this.built.get(kind);
    if (!found) {
      found = this.build(kind);
      this.built.set(kind, found);
    }
    return found;
  }

  /**
   * A template from the cache (scripts/template-cache.mjs) when this checkout's sources built it
   * today; otherwise built from a copy of base under a temporary name and renamed when complete.
   */
  private async build(kind: TemplateKind): Promise<TemplateLocation> {
    const started = Date.now();
    const done = (location: TemplateLocation, how: string) => {
      this.timings.push(`${kind} ${how} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return location;
    };
    if (this.baseUrl) {
      const name = cachedDatabase(kind);
      const filesDir = cachedFilesDir(kind);
      // The database is on the server, its files in the cache (scripts/template-cache.mjs): both carry
      // the stamp of the build that made them, and a template whose two halves differ is made again.
      const stamp = readStamp(filesDir);
      if (stamp && stamp === (await databaseStamp(this.baseUrl, name))) return done({ database: name, filesDir }, 'cached');
      const from = kind === 'base' ? undefined : await this.get('base');
      const building = `portal_tpl_building_${kind}_${process.pid}`;
      const buildingFiles = `${filesDir}.building-${process.pid}`;
      await onServer(this.baseUrl, async (sql) => {
        for (const { datname } of await sql<{ datname: string }[]>`select datname from pg_database where datname like 'portal_tpl_%'`) {
          if (isStaleDatabase(datname)) await sql.unsafe(`drop database if exists ${datname} with (force)`);
        }
        // A template of these sources made by another checkout (its files are not here): made again.
        await sql.unsafe(`drop database if exists ${name} with (force)`);
        await sql.unsafe(`drop database if exists ${building} with (force)`);
        await sql.unsafe(from ? `create database ${building} template ${from.database}` : `create database ${building}`);
      });
      fs.rmSync(buildingFiles, { recursive: true, force: true });
      if (from?.filesDir) fs.cpSync(from.filesDir, buildingFiles, { recursive: true });
      fs.mkdirSync(buildingFiles, { recursive: true });
      await runBuilder(kind, { DATABASE_URL: withDatabase(this.baseUrl, building), FILES_DIR: buildingFiles });
      fs.rmSync(filesDir, { recursive: true, force: true });
      fs.renameSync(buildingFiles, filesDir);
      const built = randomBytes(8).toString('hex');
      await onServer(this.baseUrl, async (sql) => {
        await sql.unsafe(`alter database ${building} rename to ${name}`);
        await sql.unsafe(`comment on database ${name} is '${built}'`);
      });
      fs.writeFileSync(`${filesDir}.stamp`, built);
      return done({ database: name, filesDir }, 'built');
    }
    const ready = readyDataDir(kind);
    if (ready) return done({ dataDir: ready }, 'cached');
    const from = kind === 'base' ? undefined : await this.get('base');
    const dir = cachedDataDir(kind);
    const building = `${dir}.building-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    if (from) fs.cpSync(from.dataDir!, building, { recursive: true });
    await runBuilder(kind, { DATA_DIR: building, DATABASE_URL: '' });
    trimWal(building);
    // Another run of the same sources may have finished first: keep its copy, drop ours.
    if (readyDataDir(kind)) fs.rmSync(building, { recursive: true, force: true });
    else {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(building, dir);
    }
    return done({ dataDir: dir }, 'built');
  }

  /** Waits for builds still running; the templates stay cached for the next run. */
  async drop(): Promise<void> {
    await Promise.allSettled([...this.built.values()]);
  }
}

/** The stamp of the build a PostgreSQL template database came from (its comment); undefined: none there. */
async function databaseStamp(baseUrl: string, name: string): Promise<string | undefined> {
  let stamp: string | undefined;
  await onServer(baseUrl, async (sql) => {
    const [row] = await sql<
      { stamp: string | null }[]
    >`select shobj_description(oid, 'pg_database') as stamp from pg_database where datname = ${name}`;
    stamp = row?.stamp ?? undefined;
  });
  return stamp;
}

/** The stamp of the build this checkout's copy of a template's files came from. */
function readStamp(filesDir: string): string | undefined {
  try {
    return fs.existsSync(filesDir) ? fs.readFileSync(`${filesDir}.stamp`, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** The address the test workers ask for a template (`GET /small`, `GET /year`). */
export const TEMPLATES_ENV = 'PORTAL_TEST_TEMPLATES';

/** Serves Templates to the test workers on a loopback port; answers the location as JSON. */
export function serveTemplates(templates: Templates): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const kind = req.url?.slice(1);
    if (kind !== 'small' && kind !== 'year') {
      res.writeHead(404).end();
      return;
    }
    templates.get(kind).then(
      (location) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(location)),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  // A year build can take minutes on a loaded machine: no server-side timeouts.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Asks the main process for a template (plain node:http: no client timeout while it builds). */
export function requestTemplate(kind: 'small' | 'year'): Promise<TemplateLocation> {
  const base = process.env[TEMPLATES_ENV];
  if (!base) throw new Error(`${TEMPLATES_ENV} is not set: integration tests run through tests/setup/global-setup.ts`);
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/${kind}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`template ${kind}: ${body}`))));
      })
      .on('error', reject);
  });
}

/** `// @template year` in a test file's first lines asks for the year template. */
export function templateOf(testFile: string): 'small' | 'year' {
  const head = fs.readFileSync(testFile, 'utf8').slice(0, 2000);
  return /^\s*\/\/\s*@template\s+year\b/m.test(head) ? 'year' : 'small';
}
