/**
 * `npm run bench:close [-- --members N --runs R --drop]`: the bonus closing of one busy day on a
 * PostgreSQL demo network of N members (default 100,000 and 1,000,000 one after the other).
 *
 * The network (every member with pairing counters, as after their joining day's closing) and the
 * busy day's paid orders are built ONCE into database portal_close_<N>
 * (BENCH_DB_SUFFIX=x: portal_close_<N>_x) and kept: a later run finds them there and builds
 * nothing. Each of the R runs (default 1) closes the day on a fresh copy of that database
 * (`create database … template …`, timed apart), then closes it again (no change), and drops the
 * copy, so every run measures the same closing. `--drop` drops the kept database at the end.
 * `--warm`: before the timed closing, the relations it reads at random are read into the OS cache
 * (pg_prewarm), as a serving database has them; without it the copy starts mostly cold.
 * Besides the wall time it prints the CPU seconds of the closing (this process and, when the
 * server runs on this machine, its PostgreSQL backends): on a shared machine the wall time is
 * mostly the neighbours' load.
 * The day gets upgrades from 0.3% and repeat orders from 1% of the members (no registrations:
 * the network is already placed); the script prints the orders, the closing's wall time, the
 * rows written and the members paired.
 */

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { defaultPlan } from '../src/server/domain/bonus/plan';

const { values } = parseArgs({
  options: {
    members: { type: 'string' },
    runs: { type: 'string', default: '1' },
    drop: { type: 'boolean', default: false },
    warm: { type: 'boolean', default: false },
    child: { type: 'string' },
    database: { type: 'string' },
  },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const self = fileURLToPath(import.meta.url);
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(2);

function urlOf(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One process per database: the project's client is one per process. */
function child(kind: 'build' | 'close', database: string, members: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', self, '--child', kind, '--database', database, '--members', members, ...(values.warm ? ['--warm'] : [])],
    {
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}

async function admin<T>(work: (db: postgres.Sql) => Promise<T>): Promise<T> {
  const db = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Builds the network (seed without orders) and the busy day's paid orders (yesterday, Jakarta noon), unless already there. */
async function build(database: string, n: number): Promise<void> {
  process.env.DATABASE_URL = urlOf(database);
  const client = await import('../src/server/db/client');
  const { db } = await client.connection();
  const [state] = await client.selectRows<{ members: number; orders: number; closed: number }>(
    db,
    sql`select (select count(*)::int from members) as members, (select count(*)::int from orders) as orders,
      (select count(*)::int from closed_days) as closed`,
  );
  if (state!.members > 0 && (state!.members !== n || state!.orders === 0 || state!.closed > 0))
    throw new Error(
      `${database} holds ${state!.members} members, ${state!.orders} orders, ${state!.closed} closed days: not this bench's build; drop it first`,
    );
  if (state!.members === 0) {
    let t = Date.now();
    await (await import('../src/server/db/seed')).seedDemo(db, { members: n, seed: 42, withoutOrders: true });
    console.log(`${n} members seeded (network only) in ${seconds(t)} s`);
    t = Date.now();
    await db.execute(sql`
      insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga, total_bayar)
      select 'B-' || id || '-' || k, 'BI-' || id || '-' || k, id, case when k = 1 then 'upg' else 'ro' end, 'PAID', x.t, x.t, x.t,
        case when k = 1 then 1 + id % 3 else 1 + id % 2 end, 350000, 350000
      from members, generate_series(1, 2) as k,
        lateral (select (((now() at time zone 'Asia/Jakarta')::date - 1) + time '12:00') at time zone 'Asia/Jakarta' as t) x
      where (k = 1 and id % 333 = 7) or (k = 2 and id % 100 = 3)`);
    await db.execute(sql`vacuum analyze`);
    console.log(`busy day's orders written and analysed in ${seconds(t)} s`);
  } else console.log(`${database}: reusing the network of ${n} members and its busy day (nothing rebuilt)`);
  const [pairing] = await client.selectRows<{ n: number }>(db, sql`select count(*)::int as n from member_pairing`);
  if (pairing!.n === 0) {
    // In production every member has pairing counters from the closing of their joining day: the
    // closing (and a draft's undo) works on a table of N rows, not on an empty one.
    const t = Date.now();
    await db.execute(
      sql`insert into member_pairing (member_id, tanggal_expired) select id, tgl_join + ${defaultPlan.pairingDaysAtJoin}::int from members`,
    );
    await db.execute(sql`vacuum analyze member_pairing`);
    console.log(`pairing counters of the ${n} members written in ${seconds(t)} s`);
  }
  await client.closeDb();
}

/**
 * CPU seconds used so far by this database's PostgreSQL backends (from /proc, when the server runs
 * on this machine): with the wall time, what the closing cost apart from the neighbours' load.
 */
async function backendCpu(client: typeof import('../src/server/db/client'), db: import('../src/server/db/client').Db) {
  const pids = await client.selectRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
  const seconds = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Not on this machine (or gone): no figure.
    }
  }
  return seconds;
}

/**
 * The relations the closing reads at random (members by id and by path, their pairing counters,
 * the NPWP history, the day's orders), read into the operating system's cache with pg_prewarm
 * (PostgreSQL's contrib): a serving database has them there, while a fresh copy made for the run
 * (`create database … template`, 11 GB at 10M) has pushed most of them out of it, so the cold
 * closing measures the disk as much as the closing.
 */
const WARMED = [
  'members',
  'members_pkey',
  'members_path_uq',
  'member_pairing',
  'member_pairing_pkey',
  'npwp_statuses',
  'npwp_statuses_member_idx',
  'orders',
  'orders_member_tgl_idx',
];

/** Closes the busy day on this (copied) database, twice. */
async function close(database: string): Promise<void> {
  process.env.DATABASE_URL = urlOf(database);
  const client = await import('../src/server/db/client');
  const { closeDay } = await import('../src/server/services/bonus/close-day');
  const { db } = await client.connection();
  if (values.warm) {
    const w = Date.now();
    await db.execute(sql`create extension if not exists pg_prewarm`);
    const [read] = await client.selectRows<{ mb: number }>(
      db,
      sql`select (sum(pg_prewarm(c.oid, 'read')) * 8 / 1024)::int as mb from pg_class c
        where c.relname = any(${`{${WARMED.join(',')}}`}::text[]) and c.relnamespace = 'public'::regnamespace`,
    );
    console.log(`--warm: ${read!.mb} MB of ${WARMED.join(', ')} read into the OS cache in ${seconds(w)} s (not in the closing's time)`);
  }
  const [orders] = await client.selectRows<{ day: string; n: number; upg: number; ro: number; bv: number }>(
    db,
    sql`select (max(paid_at) at time zone 'Asia/Jakarta')::date::text as day, count(*)::int as n,
      count(*) filter (where jenis_order = 'upg')::int as upg, count(*) filter (where jenis_order = 'ro')::int as ro, sum(total_bv)::int as bv
    from orders where tanggal_bonus is null`,
  );
  const cpuBefore = await backendCpu(client, db);
  const nodeBefore = process.cpuUsage();
  const load = os.loadavg()[0]!.toFixed(1);
  const t = Date.now();
  const result = await closeDay(orders!.day);
  const took = seconds(t);
  const node = process.cpuUsage(nodeBefore);
  let backends = 0;
  for (const [pid, s] of await backendCpu(client, db)) backends += s - (cpuBefore.get(pid) ?? 0);
  const [pairs] = await client.selectRows<{ n: number; paid: number }>(
    db,
    sql`select count(*)::int as n, count(*) filter (where jumlah_pair > 0)::int as paid from member_pairing`,
  );
  console.log(
    `closing of ${orders!.day}: ${orders!.n} paid orders (${orders!.upg} upgrades, ${orders!.ro} repeat orders, ${orders!.bv} BV) → ` +
      `${result.bonusCount} bonus rows, Rp ${result.totalBruto.toLocaleString('id-ID')} gross, ${pairs!.n} pairing rows (${pairs!.paid} paid pairs): ${took} s`,
  );
  console.log(
    `  CPU: ${backends.toFixed(2)} s PostgreSQL backends + ${((node.user + node.system) / 1e6).toFixed(2)} s Node; load average ${load} on ${os.cpus().length} cores when it started`,
  );
  const again = Date.now();
  await closeDay(orders!.day);
  console.log(`second run of the same day (no change): ${seconds(again)} s`);
  await client.closeDb();
}

if (values.child === 'build') await build(values.database!, Number(values.members));
else if (values.child === 'close') await close(values.database!);
else {
  const suffix = process.env.BENCH_DB_SUFFIX ? `_${process.env.BENCH_DB_SUFFIX}` : '';
  for (const size of values.members ? [values.members] : ['100000', '1000000']) {
    const base = `portal_close_${size}${suffix}`;
    const copy = `${base}_run`;
    const fresh = await admin(async (db) => {
      const exists = (await db`select 1 from pg_database where datname = ${base}`).length > 0;
      if (!exists) await db.unsafe(`create database ${base}`);
      return !exists;
    });
    const t = Date.now();
    child('build', base, size);
    if (fresh) console.log(`${base} built in ${seconds(t)} s`);
    for (let run = 1; run <= Number(values.runs); run++) {
      const c = Date.now();
      await admin((db) =>
        db
          .unsafe(`drop database if exists ${copy} with (force)`)
          .then(() => db.unsafe(`create database ${copy} template ${base} strategy file_copy`)),
      );
      console.log(`\nrun ${run}: fresh copy of ${base} in ${seconds(c)} s`);
      child('close', copy, size);
      await admin((db) => db.unsafe(`drop database if exists ${copy} with (force)`));
    }
    if (values.drop) {
      await admin((db) => db.unsafe(`drop database if exists ${base} with (force)`));
      console.log(`${base} dropped`);
    } else console.log(`${base} kept for the next run (--drop removes it)`);
  }
}
