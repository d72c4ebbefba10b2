// `npm run screenshots`: pictures of the member screens for people to look at (issue #23), kept out
// of the browser tests, where a full-page picture cost more CPU than opening the page (issue #22).
// Serves the build on a temporary PGlite demo database (port 4414 unless BENCH_PORT), opens each
// page as its visitor (demoplatinum; demostokis on /stokis/…; the operator on /admin/…, as
// bench:pages does) and saves it full length at a phone's 360×800, light and dark, and at a
// desktop's 1280×900 (light) into screenshots/<width>-<scheme>/<page>.png.
// `--pages /a,/b` takes only these pages; `--out dir` writes elsewhere; `--first-screen`: only what
// the first screen shows (the viewport), as a member sees the page on opening it.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { benchSessions, root, sessionCookieOf, startDemoServer, visitorOf } from './bench-server.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const argValue = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const PAGES = [
  '/',
  '/report/tree',
  '/report/tree?tab=folder',
  '/report/bonus-harian',
  '/report/downline-report',
  '/bonus/rincian-bonus',
  '/bonus/withdraw',
  '/transaksi/order-transaksi',
  '/transaksi/order-transaksi/repeat-order',
  '/transaksi/retur',
  '/reward-promo/ongoing',
  '/account/profile',
];
const pages =
  argValue('--pages')
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean) ?? PAGES;
const out = path.resolve(root, argValue('--out') ?? 'screenshots');
const fullPage = !process.argv.includes('--first-screen');
const views = [
  { width: 360, height: 800, colorScheme: 'light' },
  { width: 360, height: 800, colorScheme: 'dark' },
  { width: 1280, height: 900, colorScheme: 'light' },
];
const fileOf = (page) => (page === '/' ? 'dashboard' : page.slice(1).replace(/[/?=&]/g, '_'));

const server = await startDemoServer(Number(process.env.BENCH_PORT ?? 4414), 'screenshots-');
const browser = await chromium.launch({ executablePath: ensureChromium('full'), args: ['--no-sandbox', '--disable-gpu'] });
try {
  const tokens = await benchSessions(server, {});
  const { hostname } = new URL(server.base);
  for (const view of views) {
    const context = await browser.newContext({
      viewport: { width: view.width, height: view.height },
      colorScheme: view.colorScheme,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    await context.addCookies([
      { name: 'pm_session', value: tokens.demoplatinum, domain: hostname, path: '/' },
      { name: 'pm_operator', value: tokens[visitorOf('/admin')], domain: hostname, path: '/admin' },
    ]);
    const page = await context.newPage();
    const dir = path.join(out, `${view.width}-${view.colorScheme}`);
    fs.mkdirSync(dir, { recursive: true });
    for (const route of pages) {
      const who = visitorOf(route.split('?')[0]);
      if (who && sessionCookieOf(route) === 'pm_session') {
        await context.addCookies([{ name: 'pm_session', value: tokens[who], domain: hostname, path: '/' }]);
      }
      await page.goto(server.base + route, { waitUntil: 'networkidle' });
      const file = path.join(dir, `${fileOf(route)}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(path.relative(root, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
