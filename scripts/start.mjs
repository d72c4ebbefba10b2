// `npm start`: build when the sources changed, then serve the portal. The database is opened,
// migrated and (when empty) seeded with the demo before the first page is answered.
import { buildIfNeeded } from './build-if-needed.mjs';
import { startServer } from './server.mjs';

const started = Date.now();
buildIfNeeded();
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await startServer();
const base = `http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT}`;
// Warm up: the first request opens the database and seeds it, so members never wait for it.
for (let attempt = 0; attempt < 600; attempt++) {
  try {
    const response = await fetch(`${base}/signin`);
    if (response.ok) break;
  } catch { /* not listening yet */ }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
console.log(`[portal] siap di ${base} (${((Date.now() - started) / 1000).toFixed(1)} s sejak npm start)`);
