/**
 * `npm run bench:scale [-- --members N --db postgres|pglite|both --runs R --only TEXT --json]`: builds (or
 * reuses) an N-member network (default 100,000) WITH A YEAR OF ORDERS — the demo generator's
 * members, then set-based SQL: a registration per member (bought by the sponsor on the join
 * day), an upgrade for about 3 in 10, two repeat orders each within the last year, the sponsor
 * and repeat-order bonuses of that history, and the real closing of the last two days — on
 * PostgreSQL (database portal_scale_<N>, server of BENCH_DATABASE_URL) or PGlite
 * (./bench-data/scale-<N>). Then it serves the build on BENCH_PORT (default 4708), signs in as
 * the root (demoplatinum) and a member mid-tree (a build prints its steps' times, and each of its two
 * closings with the day's orders by type and its wall time), and prints p50/p95 of every signed-in page and
 * GET /member call (sequential requests after two warm-ups). `--json`: one JSON object on the
 * last line, { "<who> <call>": { "p50": ms, "p95": ms } }. `--only TEXT[,TEXT…]`: only the pages and calls
 * whose address contains one of the TEXTs (`/` alone: the dashboard page). BENCH_DB_SUFFIX=x: database portal_scale_<N>_x (bench-data/scale-<N>-x),
 * so several checkouts on one server do not share a build. `--database NAME` (PostgreSQL): measures
 * that database as it is, building nothing (e.g. bench:close's network of ten million, which has
 * the busy day's orders but no year of history). The downline report's parameters
 * (name search hit and miss, middle and last page, CSV export start and total) are measured too.
 */

import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { discoverRoutes } from './bench-server.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'postgres' },
    runs: { type: 'string', default: '30' },
    json: { type: 'boolean', default: false },
    child: { type: 'string' },
    only: { type: 'string' },
    database: { type: 'string' },
  },
});
const N = Number(values.members);
const RUNS = Number(values.runs);
const port = Number(process.env.BENCH_PORT ?? 4708);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => {
  if (!values.json) console.log(line);
  else console.error(line);
};

/**
 * The parameters of the downline report that reach the whole downline (issue #24): a name search
 * that hits and one that matches nothing, the middle and the last page (of this member's
 * downline, 20 per page), on the page and the /member call, and the CSV export (time to the
 * first bytes and to the last).
 */
function parameterTargets(downline: number): { target: string; csv?: boolean }[] {
  const last = Math.max(1, Math.ceil(downline / 20));
  const middle = Math.max(1, Math.ceil(last / 2));
  return [
    { target: '/report/downline-report?cariNama=budi' },
    { target: '/report/downline-report?cariNama=zzqxv' },
    { target: `/report/downline-report?page=${middle}` },
    { target: `/report/downline-report?page=${last}` },
    { target: '/member/reports/downline-report?cariNama=budi' },
    { target: '/member/reports/downline-report?cariNama=zzqxv' },
    { target: `/member/reports/downline-report?page=${middle}` },
    { target: `/member/reports/downline-report?page=${last}` },
    { target: '/member/opt/downline?search=zzqxv' },
    { target: '/member/reports/downline-report?exportcsv=true', csv: true },
  ];
}

/** The GET /member calls a signed-in member's screens make (no parameters needed). */
const CALLS = [
  '/member/dashboard',
  '/member/dashboard/banner-promo',
  '/member/bonus',
  '/member/news',
  '/member/settings',
  '/member/reports/annual-pairing',
  '/member/reports/bonus-bulanan',
  '/member/reports/bonus-harian',
  '/member/reports/downline-report',
  '/member/reports/downline-report?page=50',
  '/member/reports/omset',
  '/member/reports/pph',
  '/member/reports/redemption-statement',
  '/member/reports/tree',
  '/member/transaction',
  '/member/transaction/retur',
  '/member/transaction/retur-able',
  '/member/shipping-address',
  '/member/product',
  '/member/payment-method',
  '/member/promo/opt',
  '/member/opt/downline?search=budi',
];

function databaseEnv(kind: 'pglite' | 'postgres'): Record<string, string> {
  if (kind === 'postgres') {
    const url = new URL(serverUrl);
    url.pathname = values.database
      ? `/${values.database}`
      : `/portal_scale_${N}${process.env.BENCH_DB_SUFFIX ? `_${process.env.BENCH_DB_SUFFIX}` : ''}`;
    return { DATABASE_URL: url.toString(), DATA_DIR: '' };
  }
  return {
    DATABASE_URL: '',
    DATA_DIR: path.resolve(root, 'bench-data', `scale-${N}${process.env.BENCH_DB_SUFFIX ? `-${process.env.BENCH_DB_SUFFIX}` : ''}`),
  };
}

/** The set-based year of orders behind the generated network, and its bonuses. */
async function addOrderHistory(db: import('../src/server/db/client').Db): Promise<void> {
  const bv = (col: string) => sql.raw(`case ${col} when 'PLATINUM' then 4 when 'SILVER' then 2 else 1 end`);
  // Registrations: bought by the sponsor, paid on the join day (Jakarta 09:00–17:00).
  await db.execute(sql`
    insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi, posisi_pembeli, sisi,
      new_member_id, total_bv, total_harga, total_bayar, tanggal_bonus, created_at)
    select 'S-R-' || m.id, 'SI-R-' || m.id, m.sponsor_id, 'reg', 'DONE', x.t, x.t, x.t, m.posisi, m.posisi,
      case when substr(m.path, length(s.path) + 1, 1) = '0' then 'L' else 'R' end, m.id, ${bv('m.posisi')}, ${bv('m.posisi')} * 350000, ${bv('m.posisi')} * 350000,
      m.tgl_join, x.t
    from members m join members s on s.id = m.sponsor_id,
      lateral (select (m.tgl_join + time '09:00' + (m.id * 7919 % 480) * interval '1 minute') at time zone 'Asia/Jakarta' as t) x`);
  // Upgrades: about 3 in 10 members of SILVER or PLATINUM, some day between joining and yesterday.
  await db.execute(sql`
    insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi, posisi_pembeli,
      total_bv, total_harga, total_bayar, tanggal_bonus, created_at)
    select 'S-U-' || m.id, 'SI-U-' || m.id, m.id, 'upg', 'DONE', x.t, x.t, x.t, m.posisi, 'BRONZE', 1, 350000, 350000, (x.t at time zone 'Asia/Jakarta')::date, x.t
    from members m, lateral (select m.tgl_join + (m.id * 104729 % greatest(current_date - m.tgl_join, 1))::int + time '11:00' as local) l,
      lateral (select l.local at time zone 'Asia/Jakarta' as t) x
    where m.posisi <> 'BRONZE' and m.id % 10 < 3 and m.path <> '' and l.local < current_date`);
  // Two repeat orders each, within the last year (after joining).
  await db.execute(sql`
    insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi_pembeli,
      total_bv, total_harga, total_bayar, tanggal_bonus, created_at)
    select 'S-O-' || m.id || '-' || k, 'SI-O-' || m.id || '-' || k, m.id, 'ro', 'DONE', x.t, x.t, x.t, m.posisi, 1 + (m.id + k) % 2, 250000, 250000,
      (x.t at time zone 'Asia/Jakarta')::date, x.t
    from members m, generate_series(1, 2) k,
      lateral (select greatest(m.tgl_join, current_date - 365) + ((m.id * 31 + k * 977) % greatest(current_date - greatest(m.tgl_join, current_date - 365), 1))::int + time '14:00' as local) l,
      lateral (select l.local at time zone 'Asia/Jakarta' as t) x
    where l.local < current_date`);
  await db.execute(sql`
    insert into order_details (order_id, product_id, harga, qty, value, berat, dpp)
    select o.id, p.id, o.total_harga, 1, o.total_bv, p.berat, p.dpp from orders o
      join lateral (select * from products where kategori = case when o.jenis_order = 'ro' then 'PRODUK' else 'PAKET' end order by id limit 1) p on true
    where o.no_order like 'S-%'`);
  // What the closings of that history paid the sponsors (sponsor and repeat-order bonuses per day).
  await db.execute(sql`
    insert into bonuses (member_id, tanggal, jenis_bonus, bonus_bruto, pot_pph, bonus_dibayar, detail, status_transfer)
    select o.member_id, o.tanggal_bonus, 'SPONSOR', sum(o.total_bv) * 100000, 0, sum(o.total_bv) * 100000,
      jsonb_build_array(jsonb_build_object('bv', sum(o.total_bv))), 'PROCESSED'
    from orders o where o.no_order like 'S-%' and o.jenis_order <> 'ro' and o.tanggal_bonus < current_date - 2
    group by 1, 2`);
  await db.execute(sql`
    insert into bonuses (member_id, tanggal, jenis_bonus, bonus_bruto, pot_pph, bonus_dibayar, detail, status_transfer)
    select m.sponsor_id, o.tanggal_bonus, 'RO', sum(o.total_bv) * 10000, 0, sum(o.total_bv) * 10000, jsonb_build_array(jsonb_build_object('bv', sum(o.total_bv))), 'PROCESSED'
    from orders o join members m on m.id = o.member_id where o.no_order like 'S-O-%' and m.sponsor_id is not null and o.tanggal_bonus < current_date - 2
    group by m.sponsor_id, o.tanggal_bonus`);
  await db.execute(sql`insert into closed_days (tanggal, bonus_count, total_bruto)
    select d::date, 0, 0 from generate_series((select min(tgl_join) from members), current_date - 3, interval '1 day') d on conflict do nothing`);
  // The last two days go through the real closing (PAIR rows, pairing state, the annual counters).
  await db.execute(sql`update orders set tanggal_bonus = null where tanggal_bonus >= current_date - 2`);
}

async function build(kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'postgres') {
    const name = new URL(databaseEnv('postgres').DATABASE_URL!).pathname.slice(1);
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    if ((await admin`select 1 from pg_database where datname = ${name}`).length === 0) await admin.unsafe(`create database ${name}`);
    await admin.end();
  }
  Object.assign(process.env, databaseEnv(kind));
  if (kind === 'postgres') delete process.env.DATA_DIR;
  else delete process.env.DATABASE_URL;
  const client = await import('../src/server/db/client');
  const { seedDemo } = await import('../src/server/db/seed');
  const { rebuildAnnualCounters } = await import('../src/server/services/bonus/annual-counters');
  const { closeDay } = await import('../src/server/services/bonus/close-day');
  const { db } = await client.connection();
  const [{ n }] = await client.selectRows<{ n: number }>(db, sql`select count(*)::int as n from members`);
  const [{ o, done }] = await client.selectRows<{ o: number; done: boolean }>(
    db,
    sql`
    select count(*)::int as o, exists (select 1 from closed_days where tanggal = current_date - 1) as done from orders`,
  );
  if (n > 0 && (n !== N || (o > 0 && !done)))
    throw new Error(`${kind}: the scale database has ${n} members and ${o} orders, not a finished build of ${N}: drop it first`);
  if (n === 0) {
    const t = Date.now();
    log(`[${kind}] building ${N} members…`);
    await seedDemo(db, { members: N, seed: 42, withoutOrders: true, log: (l) => log(`[${kind}]   ${l}`) });
    log(`[${kind}] network in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  if (o === 0) {
    const t = Date.now();
    await addOrderHistory(db);
    log(`[${kind}]   orders and bonuses of the year in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    const counters = Date.now();
    await rebuildAnnualCounters(db);
    log(`[${kind}]   annual counters rebuilt (set-based) in ${((Date.now() - counters) / 1000).toFixed(0)} s`);
    // Fresh statistics first: the closing's plans on tables the planner still thinks empty take hours.
    await db.execute(sql`analyze`);
    for (const day of [2, 1]) {
      const [{ d }] = await client.selectRows<{ d: string }>(db, sql`select (current_date - ${day}::int)::text as d`);
      const started = Date.now();
      const closed = await closeDay(d);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const [day_] = await client.selectRows<{ reg: number; upg: number; ro: number }>(
        db,
        sql`select count(*) filter (where jenis_order = 'reg')::int as reg, count(*) filter (where jenis_order = 'upg')::int as upg,
          count(*) filter (where jenis_order = 'ro')::int as ro from orders where tanggal_bonus = ${d}::date`,
      );
      log(
        `[${kind}] closing of ${d}: ${day_!.reg} registrations, ${day_!.upg} upgrades, ${day_!.ro} repeat orders → ${closed.bonusCount} bonus rows in ${seconds} s`,
      );
    }
    // vacuum too: the visibility map lets the report order's index answer alone (index-only scans), as autovacuum would by now.
    await db.execute(sql`vacuum analyze`);
    log(`[${kind}] year of orders, bonuses and counters in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  await client.closeDb();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(kind: 'pglite' | 'postgres'): Promise<Record<string, { p50: number; p95: number }>> {
  buildIfNeeded();
  const mid = await midTreeMember(kind);
  const base = `http://127.0.0.1:${port}`;
  if (
    await fetch(`${base}/signin`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} already answers: stop it or set BENCH_PORT`);
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'scripts/server.mjs')], {
    cwd: root,
    env: { ...process.env, ...databaseEnv(kind), PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let ready = false;
    for (let i = 0; i < 600 && !ready; i++) {
      if (child.exitCode !== null) throw new Error(`server stopped (exit ${child.exitCode})`);
      ready = await fetch(`${base}/signin`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 300));
    }
    if (!ready) throw new Error('server did not answer');
    const signIn = async (username: string) => {
      const body = (await (
        await fetch(`${base}/member/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ username, password: 'rahasia123', from: 'WEB' }),
        })
      ).json()) as { success: boolean; message: string; result: { access_token: string } };
      if (!body.success) throw new Error(`sign-in ${username}: ${body.message}`);
      return body.result.access_token;
    };
    const who: [string, string, number][] = [
      ['root', await signIn('demoplatinum'), mid.rootDownline],
      [`mid(${mid.downline})`, await signIn(mid.username), mid.downline],
    ];
    const { routes } = discoverRoutes({});
    const pages = (routes as string[]).filter(
      (r) =>
        !['/signin', '/forgot-password', '/reset-password', '/daftar', '/halaman-yang-tidak-ada', '/logout'].includes(r) &&
        !r.startsWith('/verifikasi-') &&
        !r.startsWith('/stokis/') &&
        !r.startsWith('/admin') &&
        !r.startsWith('/dev'),
    );
    const results: Record<string, { p50: number; p95: number }> = {};
    log(`\n[${kind}] ${N} members; ${RUNS} sequential requests after 2 warm-ups\n${'who call'.padEnd(58)} p50 ms   p95 ms  status`);
    const record = (name: string, times: number[], status: number, limited = true) => {
      times.sort((a, b) => a - b);
      const r = { p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(percentile(times, 95) * 10) / 10 };
      results[name] = r;
      log(
        `${name.padEnd(58)} ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${status}${!limited || r.p95 < 50 ? '' : '  (over 50 ms)'}`,
      );
    };
    for (const [label, token, downline] of who) {
      const auth = (target: string): Record<string, string> =>
        target.startsWith('/member/') ? { authorization: `Bearer ${token}` } : { cookie: `pm_session=${token}` };
      // The link a member follows from the middle page to the next one carries a cursor (ADR 0018).
      const middle = Math.max(1, Math.ceil(Math.ceil(downline / 20) / 2));
      const middleAnswer = (await (
        await fetch(`${base}/member/reports/downline-report?page=${middle}`, { headers: auth('/member/') })
      ).json()) as { result?: { next_cursor?: string } };
      const cursor = middleAnswer.result?.next_cursor;
      const cursorTargets = cursor
        ? [
            { target: `/report/downline-report?page=${middle + 1}&after=${cursor}`, csv: false },
            { target: `/member/reports/downline-report?page=${middle + 1}&after=${cursor}`, csv: false },
          ]
        : [];
      for (const { target, csv } of [
        ...pages.map((p) => ({ target: p, csv: false })),
        ...CALLS.map((c) => ({ target: c, csv: false })),
        ...parameterTargets(downline),
        ...cursorTargets,
      ]) {
        if (values.only && !values.only.split(',').some((t) => (t === '/' ? target === '/' : target.includes(t)))) continue;
        const times: number[] = [];
        const firstBytes: number[] = [];
        let status = 0;
        let bytes = 0;
        // The export is measured fewer times: it is the one call that is meant to take long.
        const runs = csv ? Math.min(RUNS, 5) : RUNS;
        for (let i = 0; i < runs + (csv ? 1 : 2); i++) {
          const t = performance.now();
          const response = await fetch(base + target, { headers: auth(target), redirect: 'manual' });
          status = response.status;
          const reader = response.body!.getReader();
          let first = 0;
          bytes = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (!first) first = performance.now() - t;
            if (done) break;
            bytes += value.length;
          }
          if (i >= (csv ? 1 : 2)) {
            times.push(performance.now() - t);
            firstBytes.push(first);
          }
        }
        if (csv) {
          record(`${label} ${target} (start)`, firstBytes, status);
          record(`${label} ${target} (total, ${Math.round(bytes / 1024)} KiB)`, times, status, false);
        } else {
          record(`${label} ${target}`, times, status);
        }
      }
    }
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** A member mid-tree with both legs: the deepest level's half, the largest downline there. Its password is the demo's. */
async function midTreeMember(kind: 'pglite' | 'postgres'): Promise<{ username: string; downline: number; rootDownline: number }> {
  Object.assign(process.env, databaseEnv(kind));
  const client = await import('../src/server/db/client');
  const { db } = await client.connection();
  const [m] = await client.selectRows<{ username: string; downline: number }>(
    db,
    sql`
    select username, jumlah_child_kiri + jumlah_child_kanan as downline from members
    where depth = (select max(depth) / 2 from members) and jumlah_child_kiri > 0 and jumlah_child_kanan > 0
    order by jumlah_child_kiri + jumlah_child_kanan desc limit 1`,
  );
  const [r] = await client.selectRows<{ n: number }>(
    db,
    sql`select jumlah_child_kiri + jumlah_child_kanan as n from members where username = 'demoplatinum'`,
  );
  await client.closeDb();
  return { ...m!, rootDownline: r!.n };
}

if (values.child) {
  // One database per process: the client is one per process.
  const kind = values.child as 'pglite' | 'postgres';
  if (!values.database) await build(kind);
  const results = await measure(kind);
  console.log(JSON.stringify(results));
} else {
  const kinds = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'pglite' | 'postgres'];
  const all: Record<string, { p50: number; p95: number }> = {};
  for (const kind of kinds) {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--members',
        String(N),
        '--runs',
        String(RUNS),
        '--child',
        kind,
        ...(values.only ? ['--only', values.only] : []),
        ...(values.database ? ['--database', values.database] : []),
        ...(values.json ? ['--json'] : []),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const lines = run.stdout.trim().split('\n');
    if (!values.json) process.stdout.write(`${lines.slice(0, -1).join('\n')}\n`);
    if (run.status !== 0) process.exit(run.status ?? 1);
    for (const [k, v] of Object.entries(JSON.parse(lines.at(-1)!) as typeof all)) all[kinds.length > 1 ? `${kind} ${k}` : k] = v;
  }
  const over = Object.entries(all).filter(([, v]) => v.p95 >= 50);
  if (values.json) console.log(JSON.stringify(all));
  else
    console.log(
      over.length ? `\n${over.length} over 50 ms p95: ${over.map(([k]) => k).join(', ')}` : '\nevery page and call p95 under 50 ms',
    );
}
