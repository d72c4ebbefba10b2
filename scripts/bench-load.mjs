// `npm run bench:load`: a bounded load test on loopback (127.0.0.1) with autocannon. Per database
// (`--db pglite|postgres|both`, default both) it builds when needed, serves the build on a fresh
// demo database (a temporary PGlite folder on port 4541 unless BENCH_PORT, or a new PostgreSQL
// database `portal_load_<pid>` (prefix BENCH_DB_PREFIX) on postgres://postgres@127.0.0.1:5432 served on port 4542 unless
// BENCH_PG_PORT, dropped afterwards), signs in many generated demo members (ID Member 1000000006
// onwards; one X-Forwarded-For per sign-in, the server runs with TRUST_PROXY=1) and drives, each
// for `--duration` seconds (default 60) at `--connections` (default 50), spread over the sessions:
//   GET /favicon.svg               a static file (the ceiling: no page rendered)
//   GET /offline                   a trivial server-rendered page, no session, no database (the
//                                  ceiling of a page: middleware, Astro rendering, the layout)
//   GET /                          dashboard page (session cookie)
//   GET /report/downline-report    a report page (session cookie)
//   GET /member/reports/tree       the tree API, 3 levels from the member (bearer)
//   POST /member/transaction       a repeat order with delivery, qty 1, a fresh client_ref each
// `--only static,trivial,dashboard,report,tree,order` runs only the named endpoints (default all).
// `--only …,pages` adds every other signed-in member page (src/pages, as bench:pages finds them;
// not in the default set: one row a page, --duration each; `--pages /a,/b` keeps only those), so "every member page at least a third
// of the trivial page" is measured, not assumed (issue #24). The stockist's pages (/stokis/…) run
// with sessions of demostokis, the demo's stockist.
// Every row also shows its rate as a share of the trivial page's in the same run (`× trivial`).
// `--encoding br|gzip|none` (default none): the Accept-Encoding the page requests send (a
// browser sends `br`; autocannon by default sends none, so nothing is compressed).
// `--cpu-prof DIR`: the server runs under `node --cpu-prof` and writes its profile into DIR on stop.
// `--processes N` (PostgreSQL): the server is `npm start` with WEB_CONCURRENCY=N (node:cluster).
// It prints requests/s, p50/p95/p99 latency, non-2xx and errors per endpoint (never fails on
// timings), and checks in the database that every order answered 201 exists exactly once.
// Stock: orders rotate over every (repeat-order product, online warehouse) pair, qty 1; the demo
// holds 10,000 of each per warehouse (5 products × 4 warehouses = 200,000 units); the script
// prints that capacity and stops the order run early if it would be reached.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { discoverRoutes, sampleParamsFromArgs, visitorOf } from './bench-server.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const connections = Number(arg('connections', 50));
const duration = Number(arg('duration', 60));
const dbArg = arg('db', 'both');
// `--processes N` (PostgreSQL): serve through `npm start`'s WEB_CONCURRENCY=N (node:cluster) instead of one server.mjs.
const processes = Number(arg('processes', 1));
const PG_BASE = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432';
const ports = { pglite: Number(process.env.BENCH_PORT ?? 4541), postgres: Number(process.env.BENCH_PG_PORT ?? 4542) };
if (!['pglite', 'postgres', 'both'].includes(dbArg)) throw new Error('--db pglite|postgres|both');
if (!(connections > 0) || !(duration > 0)) throw new Error('--connections and --duration must be positive');
const ENDPOINTS = ['static', 'trivial', 'dashboard', 'report', 'tree', 'order'];
/** `pages`: the member pages other than the dashboard and the downline report (their own rows), without the 404 sample. */
// `--pages /a,/b`: only these of them (a page's own CPU, measured beside the trivial page without the rest).
const pagesArg = process.argv.includes('--pages') ? arg('pages', '').split(',').filter(Boolean) : null;
// The stockist's pages (/stokis/…) are measured with demostokis's sessions (STOCKIST_SESSIONS).
const memberPages = () =>
  discoverRoutes(sampleParamsFromArgs([])).routes.filter(
    (route) =>
      ['demoplatinum', 'demostokis'].includes(visitorOf(route)) &&
      !['/', '/report/downline-report', '/halaman-yang-tidak-ada'].includes(route) &&
      (!pagesArg || pagesArg.includes(route)),
  );
const only = arg('only', ENDPOINTS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
// `--members N`: sessions (default 100, or 400 when the order run is included). A member may hold
// at most 10 unpaid orders (the demo's order_max_pending), so the order run spreads its orders
// round-robin and stops when every session holds 10: every order it sends is meant to be accepted,
// and it reports accepted orders/s and any refusal apart (a refusal is a finding, not throughput).
const members = Number(arg('members', only.includes('order') ? 400 : 100));
/** The demo's `order_max_pending`: unpaid orders one member may hold; the order run never sends a session past it. */
const UNPAID_PER_MEMBER = 10;
if (!(members > 0)) throw new Error('--members must be positive');
if (!only.length || only.some((e) => ![...ENDPOINTS, 'pages'].includes(e)))
  throw new Error(`--only takes a comma list of ${[...ENDPOINTS, 'pages'].join(', ')}`);
const encoding = arg('encoding', 'none');
if (!['br', 'gzip', 'none'].includes(encoding)) throw new Error('--encoding br|gzip|none');
const encodingHeader = encoding === 'none' ? {} : { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' };
const databases = dbArg === 'both' ? ['pglite', 'postgres'] : [dbArg];
const PASSWORD = 'rahasia123';
const memberId = (n) => String(1_000_000_000 + n);

async function waitForServer(child, base) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/signin`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not answer in 180 s');
}

async function call(base, method, route, token, body) {
  const response = await fetch(base + route, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!json.success) throw new Error(`${method} ${route}: ${response.status} ${json.message}`);
  return json.result;
}

/** Signs in `members` generated members, each from an address of its own (sign-in rate limit). */
/** A session of `username`, signed in from its own address (the sign-in throttle counts per address). */
async function signIn(base, username, i) {
  const response = await fetch(`${base}/member/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    body: JSON.stringify({ username, password: PASSWORD, from: 'WEB' }),
  });
  const body = await response.json();
  if (!body.success) throw new Error(`sign-in ${username}: ${body.message}`);
  return body.result.access_token;
}

async function signInMembers(base) {
  const tokens = [];
  for (let i = 0; i < members; i++) tokens.push(await signIn(base, memberId(6 + i), i));
  return tokens;
}

/** Sessions of the demo's stockist (demostokis, README) for the /stokis/ pages: generated members are not stockists. */
const STOCKIST_SESSIONS = 10;
async function signInStockist(base) {
  const tokens = [];
  for (let i = 0; i < STOCKIST_SESSIONS; i++) tokens.push(await signIn(base, 'demostokis', members + i));
  return tokens;
}

/** What an order needs: a saved address per member, and every (product, warehouse) pair with its quote. */
async function prepareOrders(base, tokens) {
  const t0 = tokens[0];
  const products = (await call(base, 'GET', '/member/product?jenis=repeat-order&page_size=100', t0)).rows;
  const districts = await call(base, 'POST', '/member/shipping-district', t0, { city_id: '35.78' });
  const villages = await call(base, 'POST', '/member/shipping-subdistrict', t0, { district_id: districts[0].id });
  const kelurahan = villages[0].id;
  const addresses = [];
  for (const token of tokens) {
    const address = await call(base, 'POST', '/member/shipping-address', token, {
      label: 'Kantor',
      nama: 'Penerima Uji Beban',
      phone: '081234567890',
      alamat: 'Jl. Uji Beban 1',
      kelurahan_id: kelurahan,
      kode_pos: '60111',
    });
    addresses.push(address.public_id);
  }
  const pairs = [];
  for (const product of products) {
    const details = [{ id: product.public_id, qty: 1 }];
    const gudangs = await call(base, 'POST', '/member/gudang', t0, { carts: details, is_online_pickup: true });
    for (const gudang of gudangs) {
      const quote = await call(base, 'POST', '/member/shipping-cost', t0, {
        originType: 'subdistrict',
        kelurahan_id: kelurahan,
        weight: product.berat,
        gudang_id: gudang.public_id,
        bv: product.value,
      });
      const service = quote.couriers.find((c) => c.code === 'jne' && c.service === 'REG');
      if (service) pairs.push({ details, gudang: gudang.public_id, cost: service.cost, label: `${product.nama} @ ${gudang.nama}` });
    }
  }
  if (!pairs.length) throw new Error('no product/warehouse pair offers jne REG delivery');
  return { addresses, pairs };
}

/**
 * One autocannon run; autocannon's summary has no p95, so the latency of every response is kept
 * (one number each, a few MB at most) and the percentiles are taken from it.
 */
function run(opts, onInstance) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ connections, duration, pipelining: 1, timeout: 30, ...opts }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      resolve({ ...result, times });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
    onInstance?.(instance);
  });
}

const fmtMs = (ms) => `${Number(ms).toFixed(1)}`;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** CPU seconds (user + system, all threads) a process has used, from /proc; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** A process and its descendants (the cluster's web processes), from /proc. */
function processTree(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/**
 * CPU seconds by process: the server's processes and (PostgreSQL) the database backends serving
 * its database. An endpoint's CPU per answer is what these grew by during its run: unlike
 * requests/s, it hardly depends on what else the shared machine runs.
 */
async function cpuNow(serverPid, dbBackends) {
  const pids = [
    ...processTree(serverPid).map((pid) => ['server', pid]),
    ...(dbBackends ? await dbBackends() : []).map((pid) => ['db', pid]),
  ];
  return new Map(pids.map(([side, pid]) => [`${side}:${pid}`, cpuSeconds(pid)]));
}

/** [server, database] CPU ms per answer between two cpuNow samples ('—' without database backends). */
function cpuPerAnswer(before, after, answers) {
  const used = { server: 0, db: 0 };
  const seen = { server: false, db: false };
  for (const [key, seconds] of after) {
    const side = key.split(':')[0];
    seen[side] = true;
    // A backend that started during the run counts from zero.
    used[side] += seconds - (before.get(key) ?? 0);
  }
  const ms = (side) => (seen[side] && answers ? ((used[side] * 1000) / answers).toFixed(2) : '—');
  return [ms('server'), ms('db')];
}

function row(name, result, cpu = ['—', '—']) {
  const t = result.times;
  return [
    name,
    t.length,
    (t.length / (result.duration || duration)).toFixed(1),
    fmtMs(percentile(t, 50)),
    fmtMs(percentile(t, 95)),
    fmtMs(percentile(t, 99)),
    result.non2xx,
    result.errors,
    result.timeouts,
    ...cpu,
  ].map(String);
}

const TRIVIAL_ROW = 'GET /offline (trivial page)';

function printTable(title, measured) {
  // Each rate as a share of the trivial page's in this run: the figure that does not depend on how busy the machine is.
  const trivial = Number(measured.find((r) => r[0] === TRIVIAL_ROW)?.[2]);
  const rows = measured.map((r) => [...r, trivial > 0 ? `${(Number(r[2]) / trivial).toFixed(2)}` : '—']);
  const header = [
    'endpoint',
    'answers',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'of which timeouts (30 s)',
    'server CPU ms/answer',
    'database CPU ms/answer',
    '× trivial',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** How many orders the database holds per client_ref sent (refs without a row are absent). */
async function countOrders(kind, target, refs) {
  const query = 'select client_ref, count(*)::int as n from orders where client_ref = any($1::text[]) group by client_ref';
  let rows;
  if (kind === 'postgres') {
    const sql = postgres(target, { max: 1, onnotice: () => {} });
    try {
      rows = await sql.unsafe(query, [[...refs]]);
    } finally {
      await sql.end();
    }
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(target, 'pglite'));
    try {
      rows = (await db.query(query, [[...refs]])).rows;
    } finally {
      await db.close();
    }
  }
  return new Map(rows.map((r) => [r.client_ref, r.n]));
}

async function benchDatabase(kind) {
  const port = ports[kind];
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: base,
    TRUST_PROXY: '1',
    DEMO_MEMBERS: String(Math.max(300, members + 10)),
    SEED_ON_START: '1',
  };
  const cleanups = [];
  let dbTarget;
  /** PostgreSQL: the backends serving the benchmark's database (their CPU is the database's share). */
  let dbBackends;
  if (kind === 'postgres') {
    const name = `${process.env.BENCH_DB_PREFIX || 'portal_load_'}${process.pid}`;
    const admin = new URL(PG_BASE);
    admin.pathname = '/postgres';
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    dbBackends = async () => (await sql`select pid from pg_stat_activity where datname = ${name}`).map((r) => r.pid);
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`create database ${name}`);
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    dbTarget = url.toString();
    env.DATABASE_URL = dbTarget;
    cleanups.push(async () => {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    });
  } else {
    dbTarget = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
    env.DATABASE_URL = '';
    env.DATA_DIR = dbTarget;
    cleanups.push(async () => fs.rmSync(dbTarget, { recursive: true, force: true }));
  }
  const clustered = processes > 1 && kind === 'postgres';
  if (clustered) env.WEB_CONCURRENCY = String(processes);
  // `--cpu-prof DIR`: the server writes a V8 CPU profile (.cpuprofile, Chrome DevTools) into DIR when it stops.
  const profileDir = arg('cpu-prof', '');
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  let server = spawn(process.execPath, [...profiling, path.join(root, clustered ? 'scripts/start.mjs' : 'scripts/server.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopServer = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    server = undefined;
  };
  try {
    const started = performance.now();
    await waitForServer(server, base);
    if (clustered) console.log(`\n[${kind}] ${processes} web processes (WEB_CONCURRENCY, scripts/start.mjs)`);
    console.log(
      `\n[${kind}] server up on ${base} in ${((performance.now() - started) / 1000).toFixed(1)} s (demo seeded); signing in ${members} members…`,
    );
    const tokens = await signInMembers(base);
    const { addresses, pairs } = only.includes('order') ? await prepareOrders(base, tokens) : { addresses: [], pairs: [] };
    const capacity = pairs.length * 10_000;
    if (only.includes('order'))
      console.log(
        `[${kind}] ${tokens.length} sessions, ${addresses.length} saved addresses; orders rotate over ${pairs.length} product/warehouse pairs, qty 1 (stock ≥ ${capacity.toLocaleString('en')} units)`,
      );

    const results = [];
    const printResults = () =>
      printTable(
        `bench:load — ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${connections} connections × ${duration} s per endpoint, ${tokens.length} sessions, ${os.cpus().length} cores, loopback, Accept-Encoding ${encoding}, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
        results,
      );
    let next = 0;
    const pick = () => next++ % tokens.length;
    /** One endpoint's run, with the CPU it cost per answer. */
    const measure = async (name, go) => {
      const before = await cpuNow(server.pid, dbBackends);
      const result = await go();
      const cpu = cpuPerAnswer(before, await cpuNow(server.pid, dbBackends), result.times.length);
      results.push(row(name, result, cpu));
      return result;
    };
    const pageRun = (route, signedIn = true, sessions = tokens) =>
      run({
        url: base + route,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({
              ...req,
              headers: {
                ...req.headers,
                ...encodingHeader,
                ...(signedIn ? { cookie: `pm_session=${sessions[pick() % sessions.length]}` } : {}),
              },
            }),
          },
        ],
      });
    if (only.includes('static')) {
      console.log(`[${kind}] GET /favicon.svg …`);
      await measure('GET /favicon.svg (static file)', () => pageRun('/favicon.svg', false));
    }
    if (only.includes('trivial')) {
      console.log(`[${kind}] GET /offline …`);
      await measure(TRIVIAL_ROW, () => pageRun('/offline', false));
    }
    if (only.includes('dashboard')) {
      console.log(`[${kind}] GET / …`);
      await measure('GET / (dashboard)', () => pageRun('/'));
    }
    if (only.includes('report')) {
      console.log(`[${kind}] GET /report/downline-report …`);
      await measure('GET /report/downline-report', () => pageRun('/report/downline-report'));
    }
    if (only.includes('pages')) {
      const routes = memberPages();
      const stockist = routes.some((route) => visitorOf(route) === 'demostokis') ? await signInStockist(base) : [];
      for (const route of routes) {
        console.log(`[${kind}] GET ${route} …`);
        const sessions = visitorOf(route) === 'demostokis' ? stockist : tokens;
        await measure(`GET ${route}${sessions === stockist ? ' (demostokis)' : ''}`, () => pageRun(route, true, sessions));
      }
    }
    if (only.includes('tree')) {
      console.log(`[${kind}] GET /member/reports/tree …`);
      await measure('GET /member/reports/tree?level=3', () =>
        run({
          url: `${base}/member/reports/tree?level=3`,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, ...encodingHeader, authorization: `Bearer ${tokens[pick()]}` },
              }),
            },
          ],
        }),
      );
    }

    let ordersOk = true;
    if (only.includes('order')) {
      console.log(`[${kind}] POST /member/transaction …`);
      const sent = new Set();
      const created = new Set();
      const answered = new Set();
      const statuses = {};
      let orderCount = 0;
      let instanceRef;
      // Round-robin over the sessions, each up to UNPAID_PER_MEMBER unpaid orders counting the ones
      // the demo already gave it (GET /member/transaction?status=PENDING): the run stops when they are used up.
      const unpaidBefore = await Promise.all(
        tokens.map(async (token) => {
          const r = await fetch(`${base}/member/transaction?status=PENDING&from=2000-01-01&to=2999-12-31&page_size=1`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const body = await r.json();
          if (!body.success) throw new Error(`unpaid orders of a session: HTTP ${r.status} ${body.message}`);
          return body.result.total_count;
        }),
      );
      /** Which session each order goes to: round after round, every session with room left in that round. */
      const slots = [];
      for (let round = 0; round < UNPAID_PER_MEMBER; round++)
        tokens.forEach((_, m) => {
          if (unpaidBefore[m] + round < UNPAID_PER_MEMBER) slots.push(m);
        });
      const sessionLimit = slots.length;
      if (!sessionLimit) throw new Error('every session already holds the unpaid orders it may: --members more');
      console.log(`[${kind}] ${unpaidBefore.reduce((a, b) => a + b, 0)} unpaid demo orders already held: room for ${sessionLimit} orders`);
      let stoppedBy = '';
      const orderStarted = Date.now();
      await measure('POST /member/transaction (every answer)', () =>
        run(
          {
            url: `${base}/member/transaction`,
            requests: [
              {
                method: 'POST',
                setupRequest: (req, context) => {
                  const m = slots[orderCount % sessionLimit];
                  const pair = pairs[orderCount++ % pairs.length];
                  const ref = randomUUID();
                  context.ref = ref;
                  sent.add(ref);
                  if (orderCount >= Math.min(capacity, sessionLimit)) {
                    stoppedBy = orderCount >= sessionLimit ? 'sessions' : 'stock';
                    instanceRef?.stop();
                  }
                  return {
                    ...req,
                    headers: { ...req.headers, 'content-type': 'application/json', origin: base, authorization: `Bearer ${tokens[m]}` },
                    body: JSON.stringify({
                      client_ref: ref,
                      pickup_store: false,
                      id_gudang: pair.gudang,
                      id_kirim: addresses[m],
                      biaya_kirim: pair.cost,
                      ekspedisi: 'jne|REG',
                      is_asuransi: false,
                      details: pair.details,
                      payment_method: 'bca_va',
                      join_member: false,
                      upgrade_member: false,
                      is_ro: true,
                    }),
                  };
                },
                onResponse: (status, body, context) => {
                  statuses[status] = (statuses[status] ?? 0) + 1;
                  answered.add(context.ref);
                  if (status === 201) created.add(context.ref);
                  else if (statuses[status] <= 3) console.log(`[${kind}] order answered ${status}: ${String(body).slice(0, 200)}`);
                },
              },
            ],
          },
          (instance) => {
            instanceRef = instance;
          },
        ),
      );
      printResults();
      const seconds = Math.min((Date.now() - orderStarted) / 1000, duration);
      const refused = Object.entries(statuses).filter(([s]) => s !== '201');
      console.log(
        `accepted orders: ${created.size} answered 201 in ${seconds.toFixed(1)} s = ${(created.size / seconds).toFixed(1)} accepted orders/s; ` +
          `refused: ${refused.reduce((n, [, c]) => n + c, 0)}${refused.length ? ` (${refused.map(([s, n]) => `${s}: ${n}`).join(', ')})` : ''}`,
      );
      if (stoppedBy === 'sessions')
        console.log(
          `  the run stopped after ${seconds.toFixed(1)} s of ${duration}: all ${tokens.length} sessions hold ${UNPAID_PER_MEMBER} unpaid orders (more --members runs longer)`,
        );

      // PGlite is single-process: the count reads the folder after the server stopped.
      if (kind === 'pglite') await stopServer();
      const counted = await countOrders(kind, dbTarget, sent);
      const stored = [...counted.values()].reduce((a, b) => a + b, 0);
      const createdOnce = [...created].filter((ref) => counted.get(ref) === 1).length;
      const twice = [...counted.values()].filter((n) => n > 1).length;
      const refusedStored = [...answered].filter((ref) => !created.has(ref) && counted.has(ref)).length;
      // Requests still in flight when the run stopped got no answer; the server may have stored them.
      const inFlight = [...sent].filter((ref) => !answered.has(ref));
      const inFlightStored = inFlight.filter((ref) => counted.has(ref)).length;
      const ok = createdOnce === created.size && twice === 0 && refusedStored === 0;
      console.log(
        `orders check: ${sent.size} client_refs sent, ${created.size} answered 201, ${created.size - createdOnce} of them missing; ` +
          `${stored} orders stored with those refs, ${twice} ref(s) stored twice, ${refusedStored} stored despite a non-201 answer; ` +
          `${inFlight.length} in flight when the run stopped (${inFlightStored} of them stored) → ${ok ? 'OK, every 201 exactly once' : 'MISMATCH'}`,
      );
      ordersOk = ok;
    } else {
      printResults();
    }
    return ordersOk && results.every((r) => r[6] === '0' && r[7] === '0');
  } finally {
    await stopServer();
    for (const cleanup of cleanups) await cleanup().catch((e) => console.error(e));
  }
}

buildIfNeeded();
let allClean = true;
const t0 = performance.now();
for (const kind of databases) {
  try {
    if (!(await benchDatabase(kind))) allClean = false;
  } catch (error) {
    console.error(`[${kind}] ${error.stack?.split('\n').slice(0, 3).join('\n') ?? error}`);
    allClean = false;
  }
}
console.log(
  `\nbench:load finished in ${((performance.now() - t0) / 60000).toFixed(1)} min; ${allClean ? 'no non-2xx, no errors, orders consistent' : 'SEE ABOVE: non-2xx/errors or order mismatch'}`,
);
process.exit(allClean ? 0 : 1);
