/**
 * `npm run bench:close [-- --members N]`: the bonus closing of one busy day on a PostgreSQL demo
 * network of N members (default 100,000 and 1,000,000 one after the other; database
 * portal_close_<N>, reused when present). The day gets upgrades from 0.3% and repeat orders from
 * 1% of the members; the script prints the closing's wall time, rows written and members paired.
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

const { values } = parseArgs({ options: { members: { type: 'string' } } });
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (!values.members) {
  // One process per size: the database client is one per process.
  for (const size of ['100000', '1000000']) {
    spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--members', size], { stdio: 'inherit' });
  }
  process.exit(0);
}

for (const n of [Number(values.members)]) {
  const name = `portal_close_${n}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const client = await import('../src/server/db/client');
  const { seedDemo } = await import('../src/server/db/seed');
  const { closeDay } = await import('../src/server/services/bonus/close-day');
  const { db } = await client.connection();
  let t = Date.now();
  await seedDemo(db, { members: n, seed: 42, withoutOrders: true });
  console.log(`\n${n} members seeded (network only) in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await db.execute(sql`
    insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga, total_bayar)
    select 'B-' || id || '-' || k, 'BI-' || id || '-' || k, id, case when k = 1 then 'upg' else 'ro' end, 'PAID', now(), now(), now(),
      case when k = 1 then 1 + id % 3 else 1 + id % 2 end, 350000, 350000
    from members, generate_series(1, 2) as k
    where (k = 1 and id % 333 = 7) or (k = 2 and id % 100 = 3)`);
  const [orders] = await client.selectRows<{ n: number; bv: number }>(
    db,
    sql`select count(*)::int as n, sum(total_bv)::int as bv from orders`,
  );
  t = Date.now();
  const result = await closeDay(day);
  const seconds = (Date.now() - t) / 1000;
  const [pairs] = await client.selectRows<{ n: number }>(db, sql`select count(*)::int as n from member_pairing`);
  console.log(
    `closing of ${day}: ${orders!.n} paid orders (${orders!.bv} BV) → ${result.bonusCount} bonus rows, Rp ${result.totalBruto.toLocaleString('id-ID')} gross, ${pairs!.n} pairing rows: ${seconds.toFixed(2)} s`,
  );
  const again = Date.now();
  await closeDay(day);
  console.log(`second run of the same day (no change): ${((Date.now() - again) / 1000).toFixed(2)} s`);
  await client.closeDb();
  const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await cleanup.unsafe(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}
