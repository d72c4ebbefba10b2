// `npm start`: build when the sources changed, then serve the portal. The database is opened,
// migrated and (when empty) seeded with the demo before the first page is answered.
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { dataDirProblem, keepFilesPrivate } from '../src/server/db/data-dir.ts';
import { startServer, stopGracefully } from './server.mjs';
import { modeLine, startProblem } from '../src/server/mode.ts';

// Fails closed (DESIGN.md §7a): an unknown PORTAL_ENV, NODE_ENV=production without PORTAL_ENV, or
// production without real payment keys and the public address does not start at all; the first
// line says which mode runs.
keepFilesPrivate();
const missing = startProblem();
if (missing) {
  console.error(`[portal] ${missing}`);
  process.exit(1);
}
console.log(modeLine());

const started = Date.now();
// A data folder that cannot take a write (read-only, full disk, wrong path) stops here with one
// clear line instead of a stack trace on the first request.
if (!process.env.DATABASE_URL && process.env.DATA_DIR !== 'memory://') {
  const problem = dataDirProblem(path.resolve(process.env.DATA_DIR || './data'));
  if (problem) {
    console.error(`[portal] ${problem}`);
    process.exit(1);
  }
}
buildIfNeeded();
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
stopGracefully(await startServer());
const base = `http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT}`;
// Warm up: the first request opens the database and seeds it, so members never wait for it.
let last = 'belum mendengarkan';
for (let attempt = 0; attempt < 600; attempt++) {
  try {
    const response = await fetch(`${base}/signin`);
    if (response.ok) { last = ''; break; }
    last = `HTTP ${response.status}`;
  } catch { /* not listening yet */ }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
if (last) console.error(`[portal] server berjalan di ${base}, tetapi belum bisa melayani (${last}); lihat pesan di atas`);
else console.log(`[portal] siap di ${base} (${((Date.now() - started) / 1000).toFixed(1)} s sejak npm start)`);
