// `npm run bench:pages`: page weight and server time of every page against DESIGN.md §9.
// Builds when needed, serves the build on a temporary PGlite demo database (port 4412 unless
// BENCH_PORT), signs in (demoplatinum; demostokis for /stokis/*), opens each page route found
// under src/pages in Chromium and prints per page: HTML and JS bytes (gzip), request count and
// the server time of the HTML over 20 sequential requests (p50/p95). `--strict` exits 1 on OVER;
// `--param name=value` fills a dynamic segment [name].
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4412);
const base = `http://127.0.0.1:${port}`;
const strict = process.argv.includes('--strict');
const SAMPLES = 20;
const KB = 1024;
const budgets = { html: 40 * KB, jsList: 5 * KB, jsHeavy: 100 * KB, p95: 100 };

/**
 * Sample values for dynamic segments; a route with a parameter not listed here is skipped (and
 * named). Add one with `--param name=value`, e.g. `--param public_id=<an order's public id>`.
 */
const sampleParams = { token: 'contoh-token-bench', jenis: 'registrasi' };
process.argv.forEach((arg, i) => {
  const pair = arg === '--param' ? process.argv[i + 1] : undefined;
  const eq = pair?.indexOf('=') ?? -1;
  if (pair && eq > 0) sampleParams[pair.slice(0, eq)] = pair.slice(eq + 1);
});
/** Signed-out pages (a signed-in visit to /signin would only redirect). */
const signedOut = (route) => ['/signin', '/forgot-password', '/reset-password', '/daftar'].includes(route) || route.startsWith('/verifikasi-')
  || route.startsWith('/pembayaran/');
/** Query strings some pages need to show their real content (the referral page's joinme). */
const queryOf = { '/daftar': '?joinme=DEMOPLATINUM' };
/** The pages allowed up to 100 KB of JavaScript (DESIGN.md §9: stepper and tree); all others 5 KB. */
const heavy = (route) => route === '/report/tree' || route === '/daftar' || route.startsWith('/transaksi/order-transaksi/') || route === '/account/profile'
  || route === '/' || route === '/bonus/withdraw' || route === '/account/address' || route.startsWith('/reward-promo/');

/** Every page route under src/pages: .astro files (and .md/.mdx), not the /member API nor dev pages. */
function discoverRoutes() {
  const pagesDir = path.join(root, 'src/pages');
  const routes = [];
  const skipped = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(pagesDir, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (rel === 'member' || rel === 'dev' || entry.name.startsWith('_')) continue;
        walk(full);
        continue;
      }
      if (!/\.(astro|md|mdx)$/.test(entry.name) || entry.name.startsWith('_')) continue;
      let route = `/${rel.replace(/\.(astro|md|mdx)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
      if (route === '/404') route = '/halaman-yang-tidak-ada';
      const missing = [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]).filter((name) => !(name in sampleParams));
      if (missing.length) {
        skipped.push(`${route} (no sample for ${missing.join(', ')})`);
        continue;
      }
      routes.push(route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name) => sampleParams[name]));
    }
  };
  walk(pagesDir);
  return { routes: routes.sort(), skipped };
}

const gzipSize = (buffer) => zlib.gzipSync(buffer).length;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function waitForServer(child) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/signin`)).ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not answer in 180 s');
}

async function signIn(username) {
  const response = await fetch(`${base}/member/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: 'rahasia123', from: 'WEB' }),
  });
  const body = await response.json();
  if (!body.success) throw new Error(`sign-in ${username}: ${body.message}`);
  return body.result.access_token;
}

/** Server time for the HTML: time to the last byte, sequential requests after two warm-ups. */
async function serverTimes(route, token) {
  const headers = token ? { cookie: `pm_session=${token}` } : {};
  const times = [];
  for (let i = 0; i < SAMPLES + 2; i++) {
    const started = performance.now();
    const response = await fetch(base + route, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(browser, route, token) {
  const context = await browser.newContext();
  if (token) await context.addCookies([{ name: 'pm_session', value: token, url: base }]);
  const page = await context.newPage();
  let requests = 0;
  let jsBytes = 0;
  let htmlBytes = 0;
  let status = 0;
  const pending = [];
  page.on('request', () => { requests++; });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || contentType.includes('javascript')) {
      pending.push(response.body().then((b) => { jsBytes += gzipSize(b); }).catch(() => {}));
    }
  });
  const response = await page.goto(base + route, { waitUntil: 'networkidle' });
  status = response?.status() ?? 0;
  htmlBytes = gzipSize(await response.body());
  // Inline scripts count as JavaScript too (they travel inside the HTML, measured separately).
  const inlineJs = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')]
    .filter((s) => !s.type || s.type === 'module' || s.type.includes('javascript')).map((s) => s.textContent ?? '').join('\n'));
  await Promise.all(pending);
  if (inlineJs) jsBytes += gzipSize(Buffer.from(inlineJs));
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { status, finalPath, requests, htmlBytes, jsBytes };
}

const fmtKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok) => (ok ? 'OK' : 'OVER');

buildIfNeeded();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
const server = spawn(process.execPath, [path.join(root, 'dist/server/entry.mjs')], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let exitCode = 0;
try {
  await waitForServer(server);
  const tokens = { demoplatinum: await signIn('demoplatinum'), demostokis: await signIn('demostokis') };
  // The order detail page measures demoplatinum's newest order unless --param public_id= names one.
  if (!sampleParams.public_id) {
    const list = await (await fetch(`${base}/member/transaction?page_size=1`, { headers: { authorization: `Bearer ${tokens.demoplatinum}` } })).json();
    if (list.result?.rows?.[0]) sampleParams.public_id = list.result.rows[0].public_id;
  }
  const { routes, skipped } = discoverRoutes();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows = [];
  for (const route of routes) {
    const who = signedOut(route) ? undefined : route.startsWith('/stokis/') ? 'demostokis' : 'demoplatinum';
    const token = who && tokens[who];
    const url = route + (queryOf[route] ?? '');
    const page = await measure(browser, url, token);
    const time = await serverTimes(url, token);
    const jsBudget = heavy(route) ? budgets.jsHeavy : budgets.jsList;
    const ok = { html: page.htmlBytes <= budgets.html, js: page.jsBytes <= jsBudget, p95: time.p95 < budgets.p95 };
    if (strict && (!ok.html || !ok.js || !ok.p95)) exitCode = 1;
    rows.push([
      route + (page.finalPath !== route ? ` → ${page.finalPath}` : ''), String(page.status), who ?? '-',
      `${fmtKb(page.htmlBytes)} ${verdict(ok.html)}`, `${fmtKb(page.jsBytes)}/${fmtKb(jsBudget).replace('.0', '')} ${verdict(ok.js)}`,
      String(page.requests), `${time.p50.toFixed(1)} / ${time.p95.toFixed(1)} ms ${verdict(ok.p95)}`,
    ]);
  }
  await browser.close();

  const header = ['page', 'status', 'as', `HTML gzip (≤${budgets.html / KB} KB)`, 'JS gzip / budget', 'requests', `server p50 / p95 (<${budgets.p95} ms)`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\nbench:pages — ${routes.length} pages, ${SAMPLES} sequential requests each, ${os.cpus().length} cores, PGlite demo (300 members)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  if (skipped.length) console.log(`\nskipped (dynamic, no sample value): ${skipped.join('; ')}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
