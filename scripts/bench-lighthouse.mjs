// `npm run bench:lighthouse`: Lighthouse performance of every page with the demo data.
// Builds when needed, serves the build on a temporary PGlite demo database (port 4413 unless
// BENCH_PORT), signs in like bench:pages (demoplatinum; demostokis for /stokis/*; the console's
// pages /admin/* as the operator superadmin with the operator cookie; signed-out pages, /signin,
// /admin/signin and /admin/keluar among them, without a cookie), starts Debian's Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium) headless and runs Lighthouse's default mobile audit
// (simulated slow 4G, 4x CPU slowdown), performance category only, N rounds over the pages.
// Prints per page the median performance score, FCP, LCP, TBT and total bytes (and, per run, the
// scripts at more than Low priority requested before the first paint: JS<FCP), then the pages
// below 95 with the top savings Lighthouse names for them. Pages that answer an error status (the 404 page; verification links and the payment simulator with the
// made-up sample token) are listed as not scored: Lighthouse does not score error documents.
// Options: `--runs N` (rounds, default 3), `--pages /a,/b` (only these routes), `--param name=value`
// (sample for a dynamic segment [name]). A benchmark: it prints figures, it never fails on them.
// Side by side in the same rounds, a static reference: the dashboard's markup as a plain HTML
// file without stylesheet or script, served by the same server; each page's FCP is printed with
// its ratio to the reference's (issue #23: every member page within 1.3×). Rounds interleave the
// pages (each page once per round), medians over the rounds. Last, the second visit to the
// dashboard with the service worker (scripts/bench-second-visit.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { measureSecondVisit, NETWORKS } from './bench-second-visit.mjs';
import {
  benchSessions,
  CONSOLE_OPERATOR,
  discoverRoutes,
  isConsole,
  queryOf,
  root,
  sampleParamsFromArgs,
  sessionCookieOf,
  startDemoServer,
  visitorOf,
} from './bench-server.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';

const port = Number(process.env.BENCH_PORT ?? 4413);
const argValue = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Math.max(1, Number(argValue('--runs') ?? 3) || 3);
const onlyPages = argValue('--pages')
  ?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const THRESHOLD = 95;
/** Every member page's FCP within this multiple of the static reference's (issue #23). */
const FCP_RATIO = 1.3;
const STATIC_ROUTE = '/bench-static-reference.html';
const staticFile = path.join(root, 'dist/client', STATIC_ROUTE);
const sampleParams = sampleParamsFromArgs();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Starts headless Chromium on a free DevTools port (read from DevToolsActivePort). */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-chromium-'));
  const child = spawn(
    process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-extensions',
      '--disable-dev-shm-usage',
      '--mute-audio',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(profile, { recursive: true, force: true });
  };
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    if (fs.existsSync(portFile)) {
      const debugPort = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
      if (debugPort) return { port: debugPort, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('Chromium did not open its DevTools port');
}

/** Audits that Lighthouse says would save time (opportunities and insights), largest first. */
function topSavings(lhr, count = 3) {
  const perfIds = new Set(lhr.categories.performance.auditRefs.map((ref) => ref.id));
  return Object.values(lhr.audits)
    .filter((audit) => perfIds.has(audit.id) && audit.score !== null && audit.score < 0.9)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const ms = Math.max(audit.details?.overallSavingsMs ?? 0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
      const bytes = audit.details?.overallSavingsBytes ?? 0;
      return { title: audit.title, ms, bytes, display: audit.displayValue ?? '' };
    })
    .filter((s) => s.ms > 0 || s.bytes > 0)
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes)
    .slice(0, count);
}

/**
 * Script requests at more than Low priority started before the observed first paint: what
 * Lantern's pessimistic FCP estimate can count as render-blocking (ADR 0025). The member pages'
 * own scripts are Low (ADR 0027); an island's chunk and React's are High, and start after the
 * first frame with `client:painted` (ADR 0029). A race on the machine: read per run.
 */
function urgentScriptsBeforePaint(lhr) {
  const requests = lhr.audits['network-requests']?.details;
  const paintTs = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaintTs;
  const startTs = requests?.debugData?.networkStartTimeTs;
  if (!requests?.items || !paintTs || !startTs) return undefined;
  const paint = (paintTs - startTs) / 1000;
  return requests.items.filter((r) => r.resourceType === 'Script' && !/low/i.test(r.priority ?? '') && r.networkRequestTime < paint).length;
}

/** A page's markup without what makes it more than static: stylesheets, styles and scripts. */
function staticReference(html) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '')
    .replace(/<link\b[^>]*rel="(?:stylesheet|modulepreload|manifest)"[^>]*>/gi, '');
}

const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const started = performance.now();
// The server lists dist/client's files once at start (scripts/static-files.mjs): the reference's
// file must be there before it starts (its content is written below), or its URL is not a file
// to the server and a visitor without a session is redirected to /signin (which was then
// measured as the "static" reference). Built first: a build empties dist/.
buildIfNeeded();
fs.writeFileSync(staticFile, '<!doctype html><title>reference</title>');
const server = await startDemoServer(port, 'bench-lighthouse-');
let chromium;
let exitCode = 0;
try {
  const tokens = await benchSessions(server, sampleParams);
  const { routes: allRoutes, skipped } = discoverRoutes(sampleParams);
  const routes = onlyPages
    ? onlyPages.map((p) => {
        const route = p.split('?')[0];
        return { route, url: p.includes('?') ? p : route + (queryOf[route] ?? '') };
      })
    : allRoutes.map((route) => ({ route, url: route + (queryOf[route] ?? '') }));
  chromium = await launchChromium();

  // The static reference (issue #23): the dashboard's own markup as a plain HTML file (no
  // stylesheet, no script), written into dist/client and served by the same server, so each
  // page's FCP is read against what a static page of the same size paints in the same run.
  const dashboard = await (await fetch(`${server.base}/`, { headers: { Cookie: `pm_session=${tokens.demoplatinum}` } })).text();
  fs.writeFileSync(staticFile, staticReference(dashboard));
  const served = await fetch(`${server.base}${STATIC_ROUTE}`, { redirect: 'manual' });
  if (served.status !== 200 || (await served.text()) !== staticReference(dashboard))
    throw new Error(`the static reference ${STATIC_ROUTE} is not served as written (HTTP ${served.status})`);
  const pages = [{ route: STATIC_ROUTE, url: STATIC_ROUTE, reference: true }, ...routes];
  const results = new Map(pages.map((p) => [p.url, []]));
  let version = '';
  // An operator session ends after session_idle_minutes (30) without a request: a long round of
  // member pages between two console pages signs the operator in again rather than measure the
  // redirect to /admin/signin.
  let operatorSeen = performance.now();
  // Interleaved rounds: every page once per round, so a busy moment of the shared machine
  // falls on all pages alike instead of on one page's runs.
  for (let round = 1; round <= runs; round++) {
    for (const { route, url } of pages) {
      const done = results.get(url);
      if (done[0]?.error) continue; // an error document says the same every round
      const who = url === STATIC_ROUTE ? undefined : visitorOf(route);
      if (who && isConsole(route)) {
        if (performance.now() - operatorSeen > 10 * 60_000) tokens[CONSOLE_OPERATOR] = await server.signInOperator(CONSOLE_OPERATOR);
        operatorSeen = performance.now();
      }
      const flags = {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(who ? { extraHeaders: { Cookie: `${sessionCookieOf(route)}=${tokens[who]}` } } : {}),
      };
      const result = await lighthouse(server.base + url, flags);
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        // A page answering 4xx/5xx (the 404 page, a link with a made-up token) is not scored by
        // Lighthouse; one try says so, the other rounds would say the same.
        done.push({
          error: lhr?.runtimeError?.message ?? 'no result',
          errorDocument: lhr?.runtimeError?.code === 'ERRORED_DOCUMENT_REQUEST',
        });
        continue;
      }
      version = lhr.lighthouseVersion;
      done.push({
        lhr,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        si: lhr.audits['speed-index'].numericValue,
        bytes: lhr.audits['total-byte-weight'].numericValue,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        urgentScripts: urgentScriptsBeforePaint(lhr),
      });
    }
    console.error(`  round ${round}/${runs} done`);
  }

  const rows = [];
  for (const { route, url, reference } of pages) {
    const who = reference ? undefined : visitorOf(route);
    const done = results.get(url);
    const ok = done.filter((r) => !r.error);
    if (!ok.length) {
      rows.push({ route: url, who, error: done[0].error });
      if (!done[0].errorDocument) exitCode = 1;
      continue;
    }
    const score = median(ok.map((r) => r.score));
    // Opportunities come from the run whose score is the median (the first such run).
    const medianRun = ok.find((r) => r.score === Math.round(score)) ?? ok[0];
    rows.push({
      route: reference ? `${url} (static reference)` : url + (medianRun.finalPath !== route ? ` → ${medianRun.finalPath}` : ''),
      who,
      reference,
      score,
      scores: ok.map((r) => r.score).join('/'),
      fcp: median(ok.map((r) => r.fcp)),
      lcp: median(ok.map((r) => r.lcp)),
      tbt: median(ok.map((r) => r.tbt)),
      cls: median(ok.map((r) => r.cls)),
      si: median(ok.map((r) => r.si)),
      bytes: median(ok.map((r) => r.bytes)),
      urgentScripts: ok.map((r) => r.urgentScripts ?? '?').join('/'),
      savings: topSavings(medianRun.lhr),
    });
  }
  const staticFcp = rows.find((r) => r.reference && !r.error)?.fcp;

  const header = ['page', 'as', 'perf (median)', 'runs', 'FCP', '× static', 'LCP', 'TBT', 'CLS', 'SI', 'total bytes', 'JS<FCP'];
  const table = rows.map((r) =>
    r.error
      ? [
          r.route,
          r.who ?? '-',
          'not scored',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          r.error.match(/Status code: (\d+)/) ? `error document (HTTP ${r.error.match(/Status code: (\d+)/)[1]})` : r.error.slice(0, 90),
          '',
        ]
      : [
          r.route,
          r.who ?? '-',
          String(r.score),
          r.scores,
          fmtMs(r.fcp),
          staticFcp ? `${(r.fcp / staticFcp).toFixed(2)}×` : '-',
          fmtMs(r.lcp),
          fmtMs(r.tbt),
          r.cls.toFixed(3),
          fmtMs(r.si),
          fmtKb(r.bytes),
          r.urgentScripts,
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const minutes = (performance.now() - started) / 60000;
  console.log(
    `\nbench:lighthouse — ${rows.length} pages × ${runs} runs, Lighthouse ${version} mobile (slow 4G, 4x CPU, simulated), ${os.cpus().length} cores, PGlite demo, ${minutes.toFixed(1)} min`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
  const over = rows.filter((r) => !r.error && !r.reference && staticFcp && r.fcp > FCP_RATIO * staticFcp);
  console.log(
    'JS<FCP: per run, the script requests at more than Low priority started before the observed first paint (what Lantern may count as render-blocking)',
  );
  console.log(`\nFCP over ${FCP_RATIO}× the static reference's:${over.length ? '' : ' none'}`);
  for (const r of over) console.log(`  ${r.route} — ${fmtMs(r.fcp)} (${(r.fcp / staticFcp).toFixed(2)}×)`);
  const below = rows.filter((r) => !r.error && r.score < THRESHOLD);
  console.log(`\nbelow ${THRESHOLD}:${below.length ? '' : ' none'}`);
  for (const r of below) {
    console.log(`  ${r.route} — ${r.score}`);
    for (const s of r.savings) {
      console.log(
        `      ${s.title}${s.ms ? ` — saves ~${fmtMs(s.ms)}` : ''}${s.bytes ? ` (${fmtKb(s.bytes)})` : ''}${s.display ? ` [${s.display}]` : ''}`,
      );
    }
  }

  // The second visit (scripts/bench-second-visit.mjs): the installed portal started again.
  console.log(`\nsecond visit to / (360×800, applied throttling, 4x CPU, ${runs} rounds, median FCP):`);
  for (const [name, network] of Object.entries(NETWORKS)) {
    const visits = await measureSecondVisit({
      base: server.base,
      token: tokens.demoplatinum,
      rounds: runs,
      network,
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    });
    const answered = visits.fromWorker.map(([worker, all]) => `${worker}/${all}`).join(', ');
    console.log(
      `  ${name} (${network.latency} ms per request): first visit ${fmtMs(median(visits.first))}, second visit ${fmtMs(median(visits.second))} (${visits.second.map(fmtMs).join(' / ')}; requests the worker answered: ${answered})`,
    );
  }
  if (skipped.length && !onlyPages) console.log(`\nskipped (dynamic, no sample value): ${skipped.join('; ')}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  fs.rmSync(staticFile, { force: true });
  await chromium?.stop();
  await server.stop();
}
process.exit(exitCode);
