// Shared by the page benchmarks (bench:pages, bench:lighthouse) and the budget test: page-route
// discovery under src/pages, a temporary demo server on PGlite (built when needed), and the demo
// sign-ins (members at /member/login, the console's operator at /admin/signin).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Sample values for dynamic segments; a route with a parameter not listed here is skipped (and
 * named). `--param name=value` on the command line adds or replaces one.
 */
export function sampleParamsFromArgs(argv = process.argv) {
  const sampleParams = { token: 'contoh-token-bench', jenis: 'registrasi' };
  argv.forEach((arg, i) => {
    const pair = arg === '--param' ? argv[i + 1] : undefined;
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) sampleParams[pair.slice(0, eq)] = pair.slice(eq + 1);
  });
  return sampleParams;
}

/**
 * Signed-out pages (a signed-in visit to /signin or /admin/signin would only redirect). The
 * console's sign-out, /admin/keluar, has no page: its GET only redirects to /admin/signin, which
 * sends an operator on to the overview, measured there under the 5 KB budget of a list page.
 */
export const signedOut = (route) =>
  ['/signin', '/forgot-password', '/reset-password', '/daftar', '/offline', '/admin/signin', '/admin/keluar'].includes(route) ||
  route.startsWith('/verifikasi-') ||
  route.startsWith('/pembayaran/');
/** Query strings some pages need to show their real content (the referral page's joinme). */
export const queryOf = { '/daftar': '?joinme=DEMOPLATINUM' };
/**
 * The operator console's pages (src/pages/admin). A member's session never opens them: a visit
 * with the member cookie measured the redirect to /admin/signin, not the page.
 */
export const isConsole = (route) => route === '/admin' || route.startsWith('/admin/');
/**
 * The demo operator who visits the console's pages: SUPERADMIN may open every one of them
 * (mayOpen in src/server/admin-access.ts); the README's demo operators share one password.
 */
export const CONSOLE_OPERATOR = 'superadmin';
const OPERATOR_PASSWORD = 'operator12345';
/**
 * Who visits a route: none for signed-out pages, the console's operator for the other /admin/*
 * pages, demostokis for /stokis/*, else demoplatinum.
 */
export const visitorOf = (route) =>
  signedOut(route) ? undefined : isConsole(route) ? CONSOLE_OPERATOR : route.startsWith('/stokis/') ? 'demostokis' : 'demoplatinum';
/** The session cookie a route's visitor carries: the operator's (`pm_operator`, path /admin) on the console, else the member's. */
export const sessionCookieOf = (route) => (isConsole(route) ? 'pm_operator' : 'pm_session');

/** Every page route under src/pages: .astro files (and .md/.mdx), not the /member API nor dev pages. */
export function discoverRoutes(sampleParams) {
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

/**
 * Builds when needed and serves dist on a fresh temporary PGlite demo database.
 * Returns { base, signIn(username), signInOperator(username), newestOrder(token), stop() }.
 */
export async function startDemoServer(port, prefix = 'bench-') {
  const base = `http://127.0.0.1:${port}`;
  buildIfNeeded();
  // A server left on the port (an earlier run that died) would answer instead and be measured.
  if (
    await fetch(`${base}/signin`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} already answers: stop the server there or set BENCH_PORT`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const child = spawn(process.execPath, [path.join(root, 'scripts/server.mjs')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let ready = false;
    for (let i = 0; i < 900 && !ready; i++) {
      if (child.exitCode !== null) throw new Error(`server stopped (exit ${child.exitCode})`);
      try {
        ready = (await fetch(`${base}/signin`)).ok;
      } catch {
        /* not yet */
      }
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    if (!ready) throw new Error('server did not answer in 180 s');
  } catch (error) {
    await stop();
    throw error;
  }

  /** Signs a demo member in (POST /member/login) and returns the session token (cookie pm_session). */
  async function signIn(username) {
    const response = await fetch(`${base}/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username, password: 'rahasia123', from: 'WEB' }),
    });
    const body = await response.json();
    if (!body.success) throw new Error(`sign-in ${username}: ${body.message}`);
    return body.result.access_token;
  }

  /**
   * Signs a demo operator in as the console's form does (POST /admin/signin with our origin, the
   * middleware's cross-site check) and returns the session token of its cookie pm_operator.
   */
  async function signInOperator(username) {
    const response = await fetch(`${base}/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ username, password: OPERATOR_PASSWORD }),
      redirect: 'manual',
    });
    const token = response.headers
      .getSetCookie()
      .map((cookie) => cookie.match(/^pm_operator=([^;]+)/)?.[1])
      .find(Boolean);
    if (response.status !== 303 || !token) {
      const text = (await response.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      throw new Error(`operator sign-in ${username}: HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    return token;
  }

  /** The public_id of the member's newest order (sample for /transaksi/order-transaksi/detail/[public_id]). */
  async function newestOrder(token) {
    const list = await (await fetch(`${base}/member/transaction?page_size=1`, { headers: { authorization: `Bearer ${token}` } })).json();
    return list.result?.rows?.[0]?.public_id;
  }

  return { base, signIn, signInOperator, newestOrder, stop };
}

/**
 * The sessions every page benchmark uses, by visitorOf's names (demoplatinum, demostokis for
 * /stokis/*, the console's operator for /admin/*), and the order detail's sample: demoplatinum's
 * newest order unless --param public_id= names one.
 */
export async function benchSessions(server, sampleParams) {
  const tokens = {
    demoplatinum: await server.signIn('demoplatinum'),
    demostokis: await server.signIn('demostokis'),
    [CONSOLE_OPERATOR]: await server.signInOperator(CONSOLE_OPERATOR),
  };
  if (!sampleParams.public_id) {
    const newest = await server.newestOrder(tokens.demoplatinum);
    if (newest) sampleParams.public_id = newest;
  }
  return tokens;
}
