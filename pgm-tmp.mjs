import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
const src = process.argv[2]; const reuse = process.argv[3] === 'reuse';
const dir = 'node_modules/@electric-sql/pglite/dist/';
const opts = { extensions: { pg_trgm } };
if (reuse) {
  opts.pgliteWasmModule = await WebAssembly.compile(fs.readFileSync(dir + 'pglite.wasm'));
  opts.fsBundle = new Blob([fs.readFileSync(dir + 'pglite.data')]);
}
const u0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < 6; i++) {
  fs.cpSync(src, `/tmp/pgm-${i}`, { recursive: true });
  const db = await PGlite.create(`/tmp/pgm-${i}/pglite`, opts);
  await db.query('select count(*) from members');
  await db.query("select * from members where nama ilike '%a%' limit 5");
  await db.close();
  fs.rmSync(`/tmp/pgm-${i}`, { recursive: true, force: true });
}
const u = process.cpuUsage(u0);
console.log(`${reuse ? 'reuse' : 'fresh'}: 6 opens ${(performance.now() - t0).toFixed(0)} ms, user ${(u.user / 1e6).toFixed(2)} s sys ${(u.system / 1e6).toFixed(2)} s`);
