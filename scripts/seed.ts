/**
 * Demo-data generator: `npm run seed -- --members N --seed S [--reset]`.
 * Fills the database of DATA_DIR (PGlite) or DATABASE_URL; stop the server first when on PGlite.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { closeDb, connection } from '../src/server/db/client';
import { keepFilesPrivate } from '../src/server/db/data-dir';
import { isSeeded, seedDemo } from '../src/server/db/seed';

// Whatever this command writes (the data folder, exports) is the operator's alone.
keepFilesPrivate();

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '300' },
    seed: { type: 'string', default: '42' },
    reset: { type: 'boolean', default: false },
  },
});

const started = Date.now();
const conn = await connection();
if (values.reset && (await isSeeded(conn.db))) {
  console.log('Menghapus data lama…');
  await conn.db.execute(sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`);
  await closeDb();
}
const { db, kind } = await connection();
if (await isSeeded(db)) {
  console.error('Database sudah berisi data. Tambahkan --reset untuk membuat ulang.');
  process.exit(1);
}
await seedDemo(db, { members: Number(values.members), seed: Number(values.seed), log: (l) => console.log(l) });
await closeDb();
const peak = process.resourceUsage().maxRSS / 1024;
console.log(
  `Selesai (${kind}): ${values.members} member dalam ${((Date.now() - started) / 1000).toFixed(1)} s, memori puncak ${peak.toFixed(0)} MiB`,
);
