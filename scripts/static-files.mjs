// The files of dist/client, served as @astrojs/node's standalone handler serves them (`send`:
// ETag, Last-Modified, 304, ranges, HEAD; /_astro/* with a year of immutable caching; dotfiles
// refused but /.well-known/), for exactly the paths that are files there. The adapter runs in
// `middleware` mode (astro.config.mjs): it renders pages and endpoints only, and a page no longer
// waits for the two file lookups (lstat + stat, ~5% of the dashboard's server CPU, issue #24) the
// standalone handler made before every request. The list is made once at start: a build's files
// do not change while it is served.
import fs from 'node:fs';
import path from 'node:path';
import send from 'send';

/** URL paths ("/favicon.svg", "/_astro/x.js") of every file under `clientDir`. */
export function listStaticFiles(clientDir) {
  const files = new Set();
  const walk = (dir, prefix) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else files.add(`${prefix}${entry.name}`);
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir, '/');
  return files;
}

/** The file path a request names (decoded, normalised) when it is one of `files`; undefined otherwise. */
export function staticFileOf(files, url) {
  let pathname = String(url ?? '/')
    .split('#')[0]
    .split('?')[0];
  try {
    pathname = decodeURI(pathname);
  } catch {
    return undefined;
  }
  const normalized = path.posix.normalize(pathname);
  return files.has(normalized) ? normalized : undefined;
}

/** Sends one file of `clientDir` (as the adapter's static handler does). */
export function sendStaticFile(req, res, filePath, clientDir) {
  const stream = send(req, filePath, { root: clientDir, dotfiles: filePath.startsWith('/.well-known/') ? 'allow' : 'deny' });
  stream.on('error', (error) => {
    const status = 'statusCode' in error ? error.statusCode : 500;
    if (status >= 500) console.error(String(error));
    res.writeHead(status);
    res.end(status >= 500 ? 'Internal server error' : '');
  });
  stream.on('stream', () => {
    if (filePath.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  });
  stream.pipe(res);
}
