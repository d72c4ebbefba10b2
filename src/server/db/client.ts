import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '../config';
import { reportReads } from '../metrics';
import { dataDirProblem, diskCause, keepFilesPrivate, lockDownDataDir } from './data-dir';
import { claimDataDir, releaseDataDir } from './data-dir-owner';
import { replicaFailed, replicaUsable, wroteRecently } from './replica';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Connection {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connections the pool may open (PGlite: one). */
  poolMax: number;
  close: () => Promise<void>;
}

let connecting: Promise<Connection> | undefined;

/** Finds drizzle/ whether running from src (tsx, vitest) or from the built server in dist/. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), 'drizzle'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Folder migrasi drizzle/ tidak ditemukan (dicari: ${candidates.join(', ')})`);
  return found;
}

/** DATA_DIR=memory:// keeps the database in memory (tests); otherwise DATA_DIR/pglite on disk. */
function pgliteLocation(probe: boolean): string {
  if (process.env.DATA_DIR === 'memory://') return 'memory://';
  const dir = config.dataDir;
  const problem = probe ? dataDirProblem(dir) : undefined;
  if (problem) throw Object.assign(new Error(problem), { code: 'DATA_DIR_UNWRITABLE' });
  return path.join(dir, 'pglite');
}

/**
 * The extensions every PGlite of this product loads (the migrations create them): pg_trgm for the
 * downline report's name search (ADR 0018). Whoever opens a data folder passes these.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly compiled once per process and shared by every database it opens. A server
 * opens one; an integration-test worker opens one per test file, and each fresh compile (and the
 * freeing of the last one's machine code) cost CPU and once crashed a worker inside V8 (issue #22).
 */
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  pgliteModule ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return WebAssembly.compile(await fs.promises.readFile(path.join(dist, 'pglite.wasm')));
  })();
  return pgliteModule;
}

/**
 * PostgreSQL connections per process unless DATABASE_POOL says (issue #24): twice this machine's
 * cores, at least 4. More backends than the cores can run only take turns: on 2 cores a pool of 10
 * spread the dashboard's five parallel statements over five backends, each a socket write, a
 * wake-up and a context switch, where a pool of 4 sends several in one write on one connection
 * (postgres.js pipelines on a busy connection): the dashboard 0.31 -> 0.45 of the trivial page's
 * rate (docs/operations.md). Where the database has more cores than this machine, size it by those.
 */
export const defaultPoolSize = (): number => Math.max(4, 2 * os.availableParallelism());

const poolSize = (setting: string | undefined): number => Number(setting || defaultPoolSize());

async function open(probe = true): Promise<Connection> {
  const url = config.databaseUrl;
  if (url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const poolMax = poolSize(process.env.DATABASE_POOL);
    const client = postgres(url, { max: poolMax, onnotice: () => {} });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    // A query a dropped connection never answers must not hold the close (a stop, a test's end) for
    // ever: what is still running 5 s after the close is cut.
    return { db: db as unknown as Db, kind: 'postgres', poolMax, close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const location = pgliteLocation(probe);
  const owned = location === 'memory://' ? undefined : config.dataDir;
  if (owned) {
    keepFilesPrivate();
    claimDataDir(owned);
  }
  const fresh = owned !== undefined && !fs.existsSync(path.join(location, 'PG_VERSION'));
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create(location, { extensions: await pgliteExtensions(), pgliteWasmModule: await pgliteWasmModule() });
  } catch (error) {
    // PGlite throws non-Error objects here (logged as "[object Object]"): one sentence instead,
    // and a database that was being made for the first time is removed, so a later start
    // (after space was freed) begins afresh rather than on a half-made folder.
    if (owned) releaseDataDir(owned);
    if (fresh) fs.rmSync(location, { recursive: true, force: true });
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const cause = diskCause(error) ?? (fresh && dataDirProblem(config.dataDir) ? 'disk penuh' : undefined);
    throw Object.assign(
      new Error(`Database di DATA_DIR ${config.dataDir} tidak bisa dibuka${cause ? `: ${cause}` : ''} (${message.slice(0, 300)})`),
      { code: cause ? 'DATA_DIR_UNWRITABLE' : undefined },
    );
  }
  // The data folder is the operator's alone (docs/security.md "Files on disk").
  if (owned) lockDownDataDir(owned);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    poolMax: 1,
    close: async () => {
      await client.close();
      if (owned) releaseDataDir(owned);
    },
  };
}

/** The one connection of this process, opened and migrated on first use. */
export function connection(): Promise<Connection> {
  connecting ??= open().catch((error) => {
    connecting = undefined;
    throw error;
  });
  return connecting;
}

/**
 * Closes this process's PGlite and opens the folder again (WAL recovery, as after a restart):
 * for a PGlite left unusable by a failed CHECKPOINT on a full disk, whose later queries answered
 * empty results or nothing at all (issue #26). Committed rows are in the WAL and come back. No
 * write probe on the way: a full disk keeps serving reads, its writes fail as 53100 (503).
 */
export async function reopenPglite(): Promise<void> {
  const old = connecting;
  if (!old) return;
  const conn = await old.catch(() => undefined);
  if (conn?.kind !== 'pglite') return;
  if (connecting !== old) return;
  // Closed first (never two PGlite instances on one folder); queries meanwhile wait for the new one.
  connecting = (async () => {
    await Promise.race([conn.close(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]).catch(() => {});
    return open(false);
  })().catch((error) => {
    connecting = undefined;
    throw error;
  });
  await connecting;
}

export async function getDb(): Promise<Db> {
  return (await connection()).db;
}

/** Runs work in one transaction: everything or nothing (DESIGN.md §3). */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(work);
}

let readConnecting: Promise<{ db: Db; close: () => Promise<void> }> | undefined;

/** The replica's pool (DATABASE_READ_URL): opened on first use, never migrated (a standby is read-only). */
function readConnection(url: string) {
  readConnecting ??= (async () => {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(url, {
      max: poolSize(process.env.DATABASE_READ_POOL || process.env.DATABASE_POOL),
      connect_timeout: 2,
      onnotice: () => {},
    });
    return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.end({ timeout: 1 }) };
  })();
  return readConnecting;
}

/**
 * The database a report read goes to (ADR 0019): the streaming replica at DATABASE_READ_URL when it
 * answers as a standby with lag within READ_REPLICA_MAX_LAG_SECONDS and this member (if given) did
 * not change anything within the read-your-writes window; otherwise the primary. Only read-only
 * report services use it; payments, the closing and every write use getDb().
 */
export async function getReadDb(memberId?: number): Promise<{ db: Db; replica: boolean }> {
  const url = process.env.DATABASE_READ_URL;
  // A replica only ever stands beside PostgreSQL: with PGlite the setting is ignored here.
  if (!url || !config.databaseUrl || (memberId !== undefined && wroteRecently(memberId)) || !(await replicaUsable(url))) {
    return { db: await getDb(), replica: false };
  }
  return { db: (await readConnection(url)).db, replica: true };
}

/**
 * Runs a read-only report on getReadDb(): when the replica fails mid-read (lost, or a query cancelled
 * by a conflict with recovery) the same read runs again on the primary and the replica is left out
 * until its next look, so a lost replica never turns a report into an error page.
 */
export async function onReadDb<T>(memberId: number | undefined, read: (db: Db) => Promise<T>): Promise<T> {
  const { db, replica } = await getReadDb(memberId);
  if (!replica) {
    reportReads.inc({ served_by: 'primary' });
    return read(db);
  }
  try {
    const result = await read(db);
    reportReads.inc({ served_by: 'replica' });
    return result;
  } catch (error) {
    replicaFailed();
    console.warn(`[replica] pembacaan pindah ke primary: ${error instanceof Error ? error.message : String(error)}`);
    reportReads.inc({ served_by: 'primary_retry' });
    return read(await getDb());
  }
}

const closeListeners = new Set<() => void>();

/**
 * Forgets what a module learned from the database when it closes (cached settings, the boot's
 * readiness): the next connection may be another database (a restore, a test file's own copy).
 */
export function onDbClose(listener: () => void): void {
  closeListeners.add(listener);
}

export async function closeDb(): Promise<void> {
  for (const listener of closeListeners) listener();
  if (readConnecting) {
    const read = readConnecting;
    readConnecting = undefined;
    await (await read).close().catch(() => {});
  }
  if (!connecting) return;
  const conn = await connecting;
  connecting = undefined;
  await conn.close();
}

/**
 * Rows of a raw SQL query. int8 comes back as a string from postgres.js, so cast counts and sums to int or numeric text in the SQL itself.
 */
export async function selectRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** PGlite answers { rows }, postgres.js the array itself. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** What drizzle's own `db.execute` uses to run a raw query (not part of its typed surface). */
interface DrizzleInternals {
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/** Built prepared queries, per database handle (primary, replica, a reopened PGlite): see `preparedOnce`. */
const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle prepared query built once per database handle and name: `build` makes it with
 * `sql.placeholder(…)` for the values and `.prepare(name)`, each call passes the values to
 * `execute`. drizzle otherwise builds the query's SQL text from its builder on every call (the
 * session query of every signed-in request and the dashboard's bonus totals: ~8% of the
 * dashboard's server time, issue #24). `name` must be unique per query shape.
 */
export function preparedOnce<Q>(db: Db | Tx, name: string, build: () => Q): Q {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let query = byName.get(name) as Q | undefined;
  if (query === undefined) {
    query = build();
    byName.set(name, query);
  }
  return query;
}

/**
 * `selectRows` as a prepared statement, for the queries every page or the dashboard runs (issue
 * #24). drizzle sends other queries unprepared, and postgres.js then takes two round trips for
 * one with parameters (Parse + Describe, then Bind + Execute) and PostgreSQL parses and plans it
 * each time. Prepared, postgres.js keeps the statement per connection by its text and sends
 * Bind + Execute alone from the second use on; PostgreSQL plans it the first times and may then
 * keep a generic plan. Only for statements whose plan does not depend on the values (a member's
 * own rows by id): not for the downline's path-range or name searches (docs/operations.md).
 * PGlite runs it as before. Not behind a transaction-mode pooler (PgBouncer): statements are
 * per connection.
 *
 * Built once per database handle and name (`preparedOnce`): `build` writes the query with
 * `sql.placeholder(…)` where the values go, `values` fills them on each call (building the SQL
 * text was ~4% of the dashboard's server time).
 */
export async function selectPreparedOnce<T>(db: Db | Tx, name: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
  const query = preparedOnce(db, name, () => {
    const { session, dialect } = db as unknown as DrizzleInternals;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
  return rowsOf<T>(await query.execute(values));
}
