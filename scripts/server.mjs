// The portal's HTTP server: Astro's Node handler (files of dist/client, then pages and API)
// behind gzip/brotli compression of text responses. `npm start`, the browser tests and the
// benchmarks all serve through it; `node scripts/server.mjs` serves dist/ as it is (no build).
// Compression follows Accept-Encoding (brotli, else gzip), adds Vary: Accept-Encoding, and skips
// bodies under 1 KB, HEAD, `Cache-Control: no-transform` and types that are already compressed
// (images, PDF, video: the `compressible` list). HTTP_COMPRESSION=0 turns it off (a proxy in
// front that compresses already; before/after measurements). HTTPS when SERVER_CERT_PATH and SERVER_KEY_PATH
// are set, as @astrojs/node's own standalone server does.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import compression from 'compression';

/** Starts listening on PORT/HOST (default 4321/localhost) and resolves with the node server. */
export async function startServer({ port = Number(process.env.PORT ?? 4321), host = process.env.HOST ?? 'localhost' } = {}) {
  // dist/server/entry.mjs would start @astrojs/node's own server (without compression) on import.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import('../dist/server/entry.mjs');
  const compress = process.env.HTTP_COMPRESSION === '0' ? (req, res, next) => next() : compression({ threshold: 1024 });
  const listener = (req, res) => compress(req, res, () => handler(req, res));
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = process.env;
  const server = cert && key
    ? https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, listener)
    : http.createServer(listener);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) await startServer();
