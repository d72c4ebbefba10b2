import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { discoverRoutes, isConsole, queryOf, root, sampleParamsFromArgs, sessionCookieOf, visitorOf } from '../../scripts/bench-server.mjs';
import { budgets, fmtKb, gzipSize, heavy, jsBudgetOf } from '../../scripts/page-budgets.mjs';
import { watchViolations } from './csp-watch';
import { expect, test } from './fixtures';

/**
 * Every page route under src/pages (as `npm run bench:pages` finds them), visited once on the built
 * server with the demo data as the visitor bench:pages uses (a demo member; the operator superadmin,
 * with the operator cookie, on the console's pages but /admin/signin and /admin/keluar), and checked for:
 * - the page-weight budgets of DESIGN.md §9. HTML: the gzip size of the page's answer.
 *   JavaScript: the gzip size of every script the page loads (each file read from the build,
 *   dist/client) plus its inline scripts. Sizes only: server times are measured by bench:pages,
 *   never asserted here;
 * - no Content-Security-Policy violation and no uncaught script error (issue #8, docs/security.md
 *   "Response headers"), islands hydrated under the policy; once a page, not once a check (issue #22);
 * - issue #23's first paint: module scripts and their imports at low priority (ADR 0025, 0027), and
 *   a member page's islands on `client:painted`, started after the first frame (ADR 0029).
 */

/** The order detail's sample (bench:pages: demoplatinum's newest order), filled in when the test runs. */
const ORDER = '__newest_order__';
const discovered = discoverRoutes({ ...sampleParamsFromArgs([]), public_id: ORDER }).routes as string[];
// The order pages' other kinds: one file, /transaksi/order-transaksi/[jenis], sampled as registrasi.
const routes = [...discovered, '/transaksi/order-transaksi/repeat-order', '/transaksi/order-transaksi/upgrade'];
const tokens = new Map<string, Promise<string>>();

/** A visitor's session token, signed in once per worker: a member at /member/login, the console's operator as its form does. */
async function tokenOf(request: APIRequestContext, baseURL: string, username: string, operator: boolean): Promise<string> {
  let token = tokens.get(username);
  if (!token) {
    token = (async () => {
      // An address of its own, so the per-address sign-in limit never meets the other tests.
      const headers = { 'x-forwarded-for': '10.77.0.9', origin: new URL(baseURL).origin };
      if (operator) {
        // README: every demo operator's password is operator12345. The connection closes with
        // the answer (fixtures.ts: a pooled one could be reused just as the server's keep-alive ends it).
        const response = await request.post('/admin/signin', {
          headers: { ...headers, connection: 'close' },
          form: { username, password: 'operator12345' },
          maxRedirects: 0,
        });
        const session = response
          .headersArray()
          .filter((h) => h.name.toLowerCase() === 'set-cookie')
          .map((h) => h.value.match(/^pm_operator=([^;]+)/)?.[1])
          .find(Boolean);
        if (response.status() !== 303 || !session) throw new Error(`operator sign-in ${username} answered ${response.status()}`);
        return session;
      }
      const response = await request.post('/member/login', {
        headers,
        data: { username, password: 'rahasia123', from: 'WEB' },
      });
      const body = await response.json();
      if (!body.success) throw new Error(`sign-in ${username}: ${body.message}`);
      return body.result.access_token as string;
    })();
    tokens.set(username, token);
  }
  return token;
}

/** Gzip sizes of built files, computed once per worker (the layout's and React's chunks are on most pages). */
const builtSizes = new Map<string, number>();
const builtSize = (file: string): number => {
  const known = builtSizes.get(file);
  if (known !== undefined) return known;
  const size = gzipSize(fs.readFileSync(file));
  builtSizes.set(file, size);
  return size;
};

/** The built file behind a script URL (what the server sends), or undefined for other origins. */
function builtFile(url: string): string | undefined {
  const file = path.join(root, 'dist/client', decodeURIComponent(new URL(url).pathname));
  return file.startsWith(path.join(root, 'dist/client')) && fs.existsSync(file) ? file : undefined;
}

/** The chunks a built module script imports statically (`import … from"./x.js"`), through each other too, as URL paths. */
function importsOf(url: string, seen = new Set<string>()): string[] {
  const file = builtFile(url);
  if (!file) return [...seen];
  const code = fs.readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    const imported = new URL(specifier, url);
    if (seen.has(imported.pathname)) continue;
    seen.add(imported.pathname);
    importsOf(imported.href, seen);
  }
  return [...seen];
}

test.describe('every page: weight within DESIGN.md §9, no policy violation or script error', () => {
  for (const template of routes) {
    test(template, async ({ browser, request, baseURL }) => {
      const who = visitorOf(template);
      const token = who ? await tokenOf(request, baseURL!, who, isConsole(template)) : undefined;
      let route = template;
      if (route.includes(ORDER)) {
        const list = await (await request.get('/member/transaction?page_size=1', { headers: { authorization: `Bearer ${token}` } })).json();
        const newest = list.result?.rows?.[0]?.public_id as string | undefined;
        expect(newest, `${template}: the demo member has no order to show`).toBeTruthy();
        route = route.replace(ORDER, newest!);
      }
      const context = await browser.newContext();
      if (token) {
        // The operator's cookie has the path /admin, as the console sets it (Playwright would derive '/' from a url).
        const where = isConsole(template) ? { domain: new URL(baseURL!).hostname, path: '/admin' } : { url: baseURL! };
        await context.addCookies([{ name: sessionCookieOf(template), value: token, ...where }]);
      }
      const page = await context.newPage();
      const violations = await watchViolations(page);
      const scripts: Promise<{ url: string; bytes: number }>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        const contentType = response.headers()['content-type'] ?? '';
        if (type !== 'script' && !contentType.includes('javascript')) return;
        const file = builtFile(response.url());
        scripts.push(
          file
            ? Promise.resolve({ url: response.url(), bytes: builtSize(file) })
            : response.body().then(
                (b) => ({ url: response.url(), bytes: gzipSize(b) }),
                () => ({ url: response.url(), bytes: 0 }),
              ),
        );
      });
      const response = await page.goto(route + (queryOf[template as keyof typeof queryOf] ?? ''), { waitUntil: 'networkidle' });
      expect(response, `${route}: no answer`).not.toBeNull();
      expect(response!.status(), route).toBeLessThan(500);
      if (who && isConsole(template)) {
        // The console's page itself, not the sign-in page a visitor without the operator's session is sent to.
        expect(new URL(page.url()).pathname, `${route}: not opened as ${who}`).not.toBe('/admin/signin');
      }
      if (route.startsWith('/transaksi/order-transaksi/') || route === '/daftar') {
        // A React stepper hydrated under the policy: its form replaced the loading text.
        await expect(page.getByText('Memuat formulir…'), route).toHaveCount(0);
      }
      const html = gzipSize(await response!.body());
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')]
          .filter(
            (s) =>
              !(s as HTMLScriptElement).type ||
              (s as HTMLScriptElement).type === 'module' ||
              (s as HTMLScriptElement).type.includes('javascript'),
          )
          .map((s) => s.textContent ?? '')
          .join('\n'),
      );
      // Issue #23 (ADR 0027): the page's own module scripts never compete with its first paint.
      const urgentScripts = await page.evaluate(() =>
        [...document.querySelectorAll('script[type=module][src]')]
          .filter((s) => s.getAttribute('fetchpriority') !== 'low')
          .map((s) => s.getAttribute('src')),
      );
      // ...nor do a member page's islands: they start after the first frame (client:painted, ADR 0029).
      const earlyIslands = isConsole(template)
        ? []
        : await page.evaluate(() =>
            [...document.querySelectorAll('astro-island[client]:not([client=painted])')].map(
              (i) => `${i.getAttribute('component-url')} client:${i.getAttribute('client')}`,
            ),
          );
      // ...nor do their imports: Chrome fetches a module's imports at High priority whatever the
      // script's own attribute, so each is preloaded at low priority beside it.
      const preloads = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel=modulepreload]')].map(
          (l) => `${l.getAttribute('href')} ${l.getAttribute('fetchpriority')}`,
        ),
      );
      const moduleSrcs = await page.evaluate(() =>
        [...document.querySelectorAll('script[type=module][src]')].map((s) => (s as HTMLScriptElement).src),
      );
      const unpreloaded = [...new Set(moduleSrcs.flatMap((src) => importsOf(src)))].filter((href) => !preloads.includes(`${href} low`));
      const loaded = await Promise.all(scripts);
      const js = loaded.reduce((sum, s) => sum + s.bytes, 0) + (inline ? gzipSize(Buffer.from(inline)) : 0);
      await context.close();
      expect.soft(violations, `${route}: Content-Security-Policy violations or script errors`).toEqual([]);

      const jsBudget = jsBudgetOf(template);
      expect
        .soft(
          html,
          `${route}: HTML ${fmtKb(html)} gzip is over the budget of ${fmtKb(budgets.html)} (DESIGN.md §9, any page with demo data)`,
        )
        .toBeLessThanOrEqual(budgets.html);
      expect
        .soft(
          js,
          `${route}: JavaScript ${fmtKb(js)} gzip is over the budget of ${fmtKb(jsBudget)} (DESIGN.md §9, ${heavy(template) ? 'heaviest page, React included' : 'report or list page: the shared layout script only'}); scripts: ${loaded.map((s) => `${new URL(s.url).pathname} ${fmtKb(s.bytes)}`).join(', ') || 'none'}`,
        )
        .toBeLessThanOrEqual(jsBudget);
      expect.soft(urgentScripts, `${route}: module scripts without fetchpriority="low" (scripts/low-priority-scripts.mjs)`).toEqual([]);
      expect.soft(earlyIslands, `${route}: islands not on client:painted (src/browser/painted-directive.ts, ADR 0029)`).toEqual([]);
      expect
        .soft(
          unpreloaded,
          `${route}: module scripts' imports without <link rel="modulepreload" fetchpriority="low"> (scripts/low-priority-scripts.mjs)`,
        )
        .toEqual([]);
    });
  }
});
