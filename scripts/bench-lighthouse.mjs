// `npm run bench:lighthouse`: Lighthouse performance of every page with the demo data.
// Builds when needed, serves the build on a temporary PGlite demo database (port 4413 unless
// BENCH_PORT), signs in like bench:pages (demoplatinum; demostokis for /stokis/*; signed-out pages
// without a cookie), starts Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) headless
// and runs Lighthouse's default mobile audit (simulated slow 4G, 4x CPU slowdown), performance
// category only, N runs per page. Prints per page the median performance score, FCP, LCP, TBT and
// total bytes, then the pages below 95 with the top savings Lighthouse names for them. Pages that
// answer an error status (the 404 page; verification links and the payment simulator with the
// made-up sample token) are listed as not scored: Lighthouse does not score error documents.
// Options: `--runs N` (default 3), `--pages /a,/b` (only these routes), `--param name=value`
// (sample for a dynamic segment [name]). A benchmark: it prints figures, it never fails on them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { benchSessions, discoverRoutes, queryOf, sampleParamsFromArgs, startDemoServer, visitorOf } from './bench-server.mjs';

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

const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const started = performance.now();
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

  const rows = [];
  let version = '';
  for (const { route, url } of routes) {
    const who = visitorOf(route);
    const flags = {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(who ? { extraHeaders: { Cookie: `pm_session=${tokens[who]}` } } : {}),
    };
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(server.base + url, flags);
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        // A page answering 4xx/5xx (the 404 page, a link with a made-up token) is not scored by
        // Lighthouse; one try says so, the other runs would say the same.
        results.push({
          error: lhr?.runtimeError?.message ?? 'no result',
          errorDocument: lhr?.runtimeError?.code === 'ERRORED_DOCUMENT_REQUEST',
        });
        break;
      }
      version = lhr.lighthouseVersion;
      results.push({
        lhr,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        si: lhr.audits['speed-index'].numericValue,
        bytes: lhr.audits['total-byte-weight'].numericValue,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      });
    }
    const ok = results.filter((r) => !r.error);
    if (!ok.length) {
      rows.push({ route: url, who, error: results[0].error });
      if (!results[0].errorDocument) exitCode = 1;
      console.error(`  ${url}: not scored (${results[0].error})`);
      continue;
    }
    const score = median(ok.map((r) => r.score));
    // Opportunities come from the run whose score is the median (the first such run).
    const medianRun = ok.find((r) => r.score === Math.round(score)) ?? ok[0];
    rows.push({
      route: url + (medianRun.finalPath !== route ? ` → ${medianRun.finalPath}` : ''),
      who,
      score,
      scores: ok.map((r) => r.score).join('/'),
      fcp: median(ok.map((r) => r.fcp)),
      lcp: median(ok.map((r) => r.lcp)),
      tbt: median(ok.map((r) => r.tbt)),
      cls: median(ok.map((r) => r.cls)),
      si: median(ok.map((r) => r.si)),
      bytes: median(ok.map((r) => r.bytes)),
      savings: topSavings(medianRun.lhr),
    });
    console.error(`  ${url}: ${score} (${ok.map((r) => r.score).join('/')})`);
  }

  const header = ['page', 'as', 'perf (median)', 'runs', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'total bytes'];
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
          r.error.match(/Status code: (\d+)/) ? `error document (HTTP ${r.error.match(/Status code: (\d+)/)[1]})` : r.error.slice(0, 90),
        ]
      : [
          r.route,
          r.who ?? '-',
          String(r.score),
          r.scores,
          fmtMs(r.fcp),
          fmtMs(r.lcp),
          fmtMs(r.tbt),
          r.cls.toFixed(3),
          fmtMs(r.si),
          fmtKb(r.bytes),
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
  if (skipped.length && !onlyPages) console.log(`\nskipped (dynamic, no sample value): ${skipped.join('; ')}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await chromium?.stop();
  await server.stop();
}
process.exit(exitCode);
