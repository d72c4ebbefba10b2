// Build step (astro.config.mjs integration): stamps dist/client/sw.js with a version made from the
// worker's own text and the names of every file under dist/client (content-hashed scripts and
// styles included). A deploy that changes anything the browser loads is a new worker, so the
// browser installs it and the page offers "Versi baru tersedia" (docs/decisions/0020-offline.md).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function stampWorker(clientDir) {
  const file = path.join(clientDir, 'sw.js');
  if (!fs.existsSync(file)) return undefined;
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full !== file)
        hash.update(`${path.relative(clientDir, full)}\0${entry.name.match(/\.[\w-]{8}\./) ? '' : fs.readFileSync(full)}\0`);
    }
  };
  walk(clientDir);
  const source = fs.readFileSync(file, 'utf8');
  hash.update(source);
  const version = hash.digest('hex').slice(0, 12);
  const stamped = source.replace("const VERSION = 'dev';", `const VERSION = '${version}';`);
  if (stamped === source) throw new Error("public/sw.js: the line `const VERSION = 'dev';` is missing");
  fs.writeFileSync(file, stamped);
  return version;
}

/** The Astro integration: runs after `astro build` wrote dist/client. */
export function serviceWorkerVersion() {
  let clientDir;
  return {
    name: 'portal-service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': ({ logger }) => {
        logger.info(`sw.js version ${stampWorker(clientDir)}`);
      },
    },
  };
}
