// The portal's HTTP server: the files of dist/client (scripts/static-files.mjs), else Astro's Node
// handler (pages and API), behind gzip/brotli compression of text responses. `npm start`, the browser tests and the
// benchmarks all serve through it; `node scripts/server.mjs` serves dist/ as it is (no build).
// - /_astro/* scripts and stylesheets: the .br/.gz copies made at build time
//   (scripts/precompress.mjs), with a year of immutable caching.
// - Everything else: compressed on the fly (`compression` package) following Accept-Encoding
//   (brotli at quality 3, else gzip), with Vary: Accept-Encoding; not under 1 KB, not HEAD, not
//   `Cache-Control: no-transform`, not types that are already compressed (images, PDF, video).
// HTTP_COMPRESSION=0 turns both off (a proxy in front that compresses; before/after
// measurements). HTTPS when SERVER_CERT_PATH and SERVER_KEY_PATH are set, as @astrojs/node's own
// standalone server does.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import { keepFilesPrivate } from '../src/server/db/data-dir.ts';
import { installConsole } from '../src/server/log.ts';
import { asProductionBuild, startProblem } from '../src/server/mode.ts';
import { PRECOMPRESSED_TYPES } from './precompress.mjs';
import { listStaticFiles, sendStaticFile, staticFileOf } from './static-files.mjs';

const clientDir = path.resolve(import.meta.dirname, '..', 'dist', 'client');
const assetsDir = path.join(clientDir, '_astro');
/**
 * Brotli quality of what is compressed per request (pages, JSON; issue #24). The dashboard's
 * 131 KB (104 KB of it the inlined stylesheet): quality 4, the `compression` default, 25.5 KB in
 * 1.5 ms of CPU; quality 3, 26.7 KB in 0.8 ms (node:zlib streams, one page, this machine).
 */
const PAGE_BROTLI_QUALITY = 3;

/** Whether Accept-Encoding allows `coding` (a q=0 entry refuses it). */
export function acceptsEncoding(header, coding) {
  for (const part of String(header ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part
      .trim()
      .split(';')
      .map((s) => s.trim());
    if (name !== coding && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The build-time .br/.gz files of dist/client/_astro, by URL path. */
function precompressedAssets() {
  const found = new Map();
  if (!fs.existsSync(assetsDir)) return found;
  const names = new Set(fs.readdirSync(assetsDir));
  for (const name of names) {
    const type = PRECOMPRESSED_TYPES[path.extname(name)];
    if (!type) continue;
    const codings = ['br', 'gzip'].filter((coding) => names.has(`${name}.${coding === 'br' ? 'br' : 'gz'}`));
    if (codings.length) found.set(`/_astro/${name}`, { file: path.join(assetsDir, name), type, codings });
  }
  return found;
}

/** Sends a precompressed /_astro file when there is one the browser accepts; false otherwise. */
function sendPrecompressed(assets, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const asset = assets.get(String(req.url).split('?')[0]);
  const coding = asset?.codings.find((c) => acceptsEncoding(req.headers['accept-encoding'], c));
  if (!asset || !coding) return false;
  const file = `${asset.file}.${coding === 'br' ? 'br' : 'gz'}`;
  res.writeHead(200, {
    'content-type': asset.type,
    'content-encoding': coding,
    'content-length': fs.statSync(file).size,
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'Accept-Encoding',
  });
  if (req.method === 'HEAD') res.end();
  else
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  return true;
}

/**
 * Methods a Fetch `Request` cannot carry (CONNECT, TRACE, TRACK): Astro's handler threw on them
 * (500 and a stack trace in the log for every such request). No path of ours takes them: 405
 * with the page methods in `Allow` (src/server/page-methods.ts), answered here.
 */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']); // TRACK: Node's parser answers 400 itself

function refuseMethod(req, res) {
  if (!UNREPRESENTABLE_METHODS.has(String(req.method).toUpperCase())) return false;
  res.writeHead(405, { allow: 'GET, HEAD, POST', 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  res.end('Metode tidak diizinkan');
  return true;
}

/**
 * React's production build for server rendering, whatever NODE_ENV says: loaded here, before the
 * pages, so every later import of these modules (Astro's React renderer, the islands) gets it.
 * The browser bundles are production builds already (astro build).
 */
export function loadProductionReact() {
  const require = createRequire(path.resolve(import.meta.dirname, '..', 'package.json'));
  asProductionBuild(() => {
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(name);
  });
}

/** Starts listening on PORT/HOST (default 4321/localhost) and resolves with the node server. */
export async function startServer({ port = Number(process.env.PORT ?? 4321), host = process.env.HOST ?? 'localhost' } = {}) {
  // Every line of the process in LOG_FORMAT (src/server/log.ts), from the first one.
  installConsole();
  // The data folder, uploads and backups are the operator's alone (docs/security.md).
  keepFilesPrivate();
  // The same refusal as scripts/start.mjs, for a server started without it.
  const problem = startProblem();
  if (problem) throw new Error(problem);
  loadProductionReact();
  // The adapter's `middleware` handler: pages and endpoints only; files are sent here (static-files.mjs).
  const { handler } = await import('../dist/server/entry.mjs');
  const staticFiles = listStaticFiles(clientDir);
  const enabled = process.env.HTTP_COMPRESSION !== '0';
  const assets = enabled ? precompressedAssets() : new Map();
  const compress = enabled
    ? compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } })
    : (_req, _res, next) => next();
  const listener = (req, res) => {
    // During a graceful stop every answer closes its connection (stopGracefully).
    if (server.stopping) res.setHeader('connection', 'close');
    else {
      active.add(res);
      res.once('close', () => active.delete(res));
    }
    if (refuseMethod(req, res)) return;
    if (sendPrecompressed(assets, req, res)) return;
    compress(req, res, () => {
      flushStreamedWrites(res);
      answer(req, res);
    });
  };
  const answer = (req, res) => {
    // As the adapter's standalone handler did: a path that cannot be decoded is refused first.
    try {
      decodeURI(req.url);
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    const file = staticFileOf(staticFiles, req.url);
    if (file) sendStaticFile(req, res, file, clientDir);
    else handler(req, res);
  };
  /** Responses not yet finished, so a graceful stop can mark them `Connection: close`. */
  const active = new Set();
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = process.env;
  const server =
    cert && key ? https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, listener) : http.createServer(listener);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  announceUrl(server, host, Boolean(cert && key));
  server.activeResponses = active;
  return server;
}

/**
 * A streamed answer (no Content-Length: the CSV exports, the backup download) leaves the
 * compressor write by write: each write is flushed, so the first rows reach the member as soon as
 * they are read, not once ~16 KB of compressed output has piled up (issue #24: the downline
 * export's first bytes waited for its second batch). Answers with a Content-Length (every page,
 * rendered whole) are compressed as before.
 */
export function flushStreamedWrites(res) {
  if (typeof res.flush !== 'function') return;
  let streamed = false;
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    const headers = args.find((a) => a && typeof a === 'object');
    const length = headers && Object.keys(headers).some((name) => name.toLowerCase() === 'content-length');
    streamed = !length && this.getHeader('content-length') === undefined;
    return writeHead.apply(this, args);
  };
  const write = res.write;
  res.write = function (...args) {
    const ok = write.apply(this, args);
    if (streamed) this.flush();
    return ok;
  };
}

/**
 * On PGlite, writes where this server listens to DATA_DIR/portal.url (next to portal.pid): the
 * CLI (`npm run ops`, `close`, `backup`) finds a running server there and sends its command over
 * HTTP instead of opening the folder a second time. Removed again on exit.
 */
function announceUrl(server, host, tls) {
  if (process.env.DATABASE_URL || process.env.DATA_DIR === 'memory://') return;
  const dir = path.resolve(process.env.DATA_DIR || './data');
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `${tls ? 'https' : 'http'}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${server.address().port}`;
  const file = path.join(dir, 'portal.url');
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, url);
    process.once('exit', () => {
      try {
        if (fs.readFileSync(file, 'utf8') === url) fs.rmSync(file);
      } catch {
        /* gone */
      }
    });
  } catch {
    /* the data folder check reports an unwritable folder */
  }
}

/**
 * A graceful stop on SIGTERM/SIGINT (systemd, docker stop, Ctrl-C), where the default was to die
 * like a crash (issue #26: order numbers jumped 760 → 789 after a normal restart on PGlite): no new
 * connections, requests in flight are answered (kept-alive connections close once idle), the
 * scheduler's running pass finishes, then the database is closed cleanly (src/server/boot.ts
 * `shutdown`) and the process exits 0. After SHUTDOWN_TIMEOUT_SECONDS (default 30) it exits 1.
 */
export function stopGracefully(server) {
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    const seconds = Number(process.env.SHUTDOWN_TIMEOUT_SECONDS || 30);
    console.log(`[portal] ${signal}: tidak menerima permintaan baru, menyelesaikan yang sedang berjalan…`);
    setTimeout(() => {
      console.error(`[portal] berhenti paksa: masih ada pekerjaan setelah ${seconds} s`);
      process.exit(1);
    }, seconds * 1000).unref();
    server.stopping = true;
    for (const res of server.activeResponses ?? []) if (!res.headersSent) res.setHeader('connection', 'close');
    // Connections the kernel has completed but Node has not accepted yet (the event loop was
    // busy) would be reset when the listening socket closes: keep accepting for a moment, every
    // answer now closing its connection.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Node's close() also drops every connection without a request in progress, which includes
    // one just accepted whose request has not been read yet: that member would get a reset.
    // Stop listening only; idle connections go after the grace below.
    const closeIdle = server.closeIdleConnections;
    server.closeIdleConnections = () => {};
    const closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections = closeIdle;
    // Kept-alive connections with no request are closed after a short grace (a request already
    // on its way over one of them is still answered, with Connection: close).
    let idle;
    const grace = setTimeout(() => {
      idle = setInterval(() => server.closeIdleConnections(), 250);
    }, 2000);
    await closed;
    clearTimeout(grace);
    clearInterval(idle);
    try {
      await globalThis[Symbol.for('portal.shutdown')]?.();
      console.log('[portal] berhenti dengan bersih (database ditutup)');
      process.exit(0);
    } catch (error) {
      console.error(`[portal] database tidak tertutup dengan bersih: ${error?.message ?? error}`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  installConsole();
  const problem = startProblem();
  if (problem) {
    console.error(`[portal] ${problem}`);
    process.exit(1);
  }
  stopGracefully(await startServer());
}
