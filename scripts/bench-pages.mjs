// `npm run bench:pages`: page weight and server time of every page against DESIGN.md §9.
// Builds when needed, serves the build on a temporary PGlite demo database (port 4412 unless
// BENCH_PORT), signs in (demoplatinum; demostokis for /stokis/*; the operator superadmin, with the
// operator cookie, for the console's pages /admin/* but /admin/signin and /admin/keluar), opens
// each page route found under src/pages in Chromium and prints per page: HTML and JS bytes (gzip), request count and
// the server time of the HTML over 20 sequential requests (p50/p95). `--strict` exits 1 on OVER;
// `--param name=value` fills a dynamic segment [name]; `--pages /a,/b` measures only these routes.
import os from 'node:os';
import { chromium } from '@playwright/test';
import {
  benchSessions,
  discoverRoutes,
  queryOf,
  sampleParamsFromArgs,
  sessionCookieOf,
  startDemoServer,
  visitorOf,
} from './bench-server.mjs';
import { budgets, fmtKb, gzipSize, heavy } from './page-budgets.mjs';

const port = Number(process.env.BENCH_PORT ?? 4412);
const strict = process.argv.includes('--strict');
const SAMPLES = 20;
const pagesArg = process.argv.indexOf('--pages');
const onlyPages =
  pagesArg >= 0
    ? process.argv[pagesArg + 1]
        ?.split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : undefined;
const KB = 1024;

/** Sample values for dynamic segments (scripts/bench-server.mjs); `--param name=value` adds one. */
const sampleParams = sampleParamsFromArgs();
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Server time for the HTML: time to the last byte, sequential requests after two warm-ups. */
async function serverTimes(route, cookie) {
  const headers = cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {};
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

/** `cookie`: the visitor's session cookie { name, value }; the operator's is sent on the console only, as its path /admin says. */
async function measure(browser, route, cookie) {
  const context = await browser.newContext();
  if (cookie) {
    // Playwright derives a cookie's path from `url` up to its last slash: the operator's is given its path itself.
    const where = cookie.name === 'pm_operator' ? { domain: new URL(base).hostname, path: '/admin' } : { url: base };
    await context.addCookies([{ ...cookie, ...where }]);
  }
  const page = await context.newPage();
  let requests = 0;
  let jsBytes = 0;
  let htmlBytes = 0;
  let status = 0;
  const pending = [];
  page.on('request', () => {
    requests++;
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || contentType.includes('javascript')) {
      pending.push(
        response
          .body()
          .then((b) => {
            jsBytes += gzipSize(b);
          })
          .catch(() => {}),
      );
    }
  });
  const response = await page.goto(base + route, { waitUntil: 'networkidle' });
  status = response?.status() ?? 0;
  htmlBytes = gzipSize(await response.body());
  // Inline scripts count as JavaScript too (they travel inside the HTML, measured separately).
  const inlineJs = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.type || s.type === 'module' || s.type.includes('javascript'))
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  await Promise.all(pending);
  if (inlineJs) jsBytes += gzipSize(Buffer.from(inlineJs));
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { status, finalPath, requests, htmlBytes, jsBytes };
}

const verdict = (ok) => (ok ? 'OK' : 'OVER');

const server = await startDemoServer(port, 'bench-pages-');
const base = server.base;
let exitCode = 0;
try {
  const tokens = await benchSessions(server, sampleParams);
  const discovered = discoverRoutes(sampleParams);
  const routes = onlyPages ?? discovered.routes;
  const skipped = onlyPages ? [] : discovered.skipped;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows = [];
  for (const route of routes) {
    const who = visitorOf(route);
    const cookie = who ? { name: sessionCookieOf(route), value: tokens[who] } : undefined;
    const url = route + (queryOf[route] ?? '');
    const page = await measure(browser, url, cookie);
    const time = await serverTimes(url, cookie);
    const jsBudget = heavy(route) ? budgets.jsHeavy : budgets.jsList;
    const ok = { html: page.htmlBytes <= budgets.html, js: page.jsBytes <= jsBudget, p95: time.p95 < budgets.p95 };
    if (strict && (!ok.html || !ok.js || !ok.p95)) exitCode = 1;
    rows.push([
      route + (page.finalPath !== route ? ` → ${page.finalPath}` : ''),
      String(page.status),
      who ?? '-',
      `${fmtKb(page.htmlBytes)} ${verdict(ok.html)}`,
      `${fmtKb(page.jsBytes)}/${fmtKb(jsBudget).replace('.0', '')} ${verdict(ok.js)}`,
      String(page.requests),
      `${time.p50.toFixed(1)} / ${time.p95.toFixed(1)} ms ${verdict(ok.p95)}`,
    ]);
  }
  await browser.close();

  const header = [
    'page',
    'status',
    'as',
    `HTML gzip (≤${budgets.html / KB} KB)`,
    'JS gzip / budget',
    'requests',
    `server p50 / p95 (<${budgets.p95} ms)`,
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(
    `\nbench:pages — ${routes.length} pages, ${SAMPLES} sequential requests each, ${os.cpus().length} cores, PGlite demo (300 members)`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  if (skipped.length) console.log(`\nskipped (dynamic, no sample value): ${skipped.join('; ')}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
