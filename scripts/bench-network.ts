/**
 * `npm run bench:network [-- --members N --db pglite|postgres|both --runs R]`: builds (or reuses)
 * an N-member demo network (default 1,000,000) on PostgreSQL (database portal_bench_<N>, on the
 * server of BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and on PGlite
 * (./bench-data/pglite-<N>), then prints p50/p95 of the network calls at the root and at a
 * member mid-tree, and the time per placement. The network is seeded without its order history.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '40' },
  },
});
const N = Number(values.members);
const RUNS = Number(values.runs);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function prepare(kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'postgres') {
    const name = `portal_bench_${N}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const exists = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists.length === 0) await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = path.resolve('bench-data', `pglite-${N}`);
  }
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  await prepare(kind);
  const client = await import('../src/server/db/client');
  const { isSeeded, seedDemo } = await import('../src/server/db/seed');
  const { getTree, getSubTree } = await import('../src/server/services/network/get-tree');
  const { searchDownline } = await import('../src/server/services/network/search-downline');
  const { getDownlineReport, getDownlineSummary } = await import('../src/server/services/network/get-downline-report');
  const { addMemberToNetwork } = await import('../src/server/services/network/place-member');
  const { db } = await client.connection();
  const [{ n }] = await client.selectRows<{ n: number }>(db, sql`select count(*)::int as n from members`).catch(() => [{ n: 0 }]);
  if (!(await isSeeded(db)) || n < N) {
    if (n > 0) throw new Error(`${kind}: bench database has ${n} members, expected ${N}; drop it first`);
    const t = Date.now();
    console.log(`[${kind}] seeding ${N} members…`);
    await seedDemo(db, { members: N, seed: 42, withoutOrders: true, log: (l) => console.log(`[${kind}]   ${l}`) });
    console.log(`[${kind}] seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  const viewerOf = async (where: ReturnType<typeof sql>) => {
    const [m] = await client.selectRows<{
      id: number;
      id_member: string;
      username: string;
      nama: string;
      public_id: string;
      posisi: 'BRONZE';
      path: string;
      depth: number;
      kiri: number;
      kanan: number;
    }>(
      db,
      sql`
      select id::int as id, id_member, username, nama, public_id::text as public_id, posisi, path, depth, jumlah_child_kiri as kiri, jumlah_child_kanan as kanan
      from members where ${where} limit 1`,
    );
    return {
      m: m!,
      member: {
        id: m!.id,
        publicId: m!.public_id,
        idMember: m!.id_member,
        username: m!.username,
        nama: m!.nama,
        email: '',
        posisi: m!.posisi,
        stokis: false,
        statusKodeetik: true,
        isSuspended: false,
        hasDomisili: true,
        kodeReferal: '',
        path: m!.path,
        depth: m!.depth,
      },
    };
  };
  const root = await viewerOf(sql`path = ''`);
  const [{ d }] = await client.selectRows<{ d: number }>(db, sql`select (max(depth) / 2)::int as d from members`);
  const mid = await viewerOf(
    sql`depth = ${d} and jumlah_child_kiri > 0 and jumlah_child_kanan > 0 order by jumlah_child_kiri + jumlah_child_kanan desc`,
  );
  const [deep] = await client.selectRows<{ id_member: string }>(db, sql`select id_member from members order by depth desc limit 1`);
  console.log(
    `\n[${kind}] ${N} members; root downline ${root.m.kiri + root.m.kanan}; mid-tree member ${mid.m.id_member} at depth ${d} with ${mid.m.kiri + mid.m.kanan} downline; ${RUNS} runs each`,
  );
  const rows: [string, () => Promise<unknown>][] = [];
  for (const [label, v] of [
    ['root', root],
    ['mid', mid],
  ] as const) {
    const [leftChild] = await client.selectRows<{ id_member: string }>(
      db,
      sql`select id_member from members where path = ${`${v.m.path}0`}`,
    );
    const [inside] = await client.selectRows<{ id_member: string }>(
      db,
      sql`select id_member from members where path > ${v.m.path} and path < ${`${v.m.path}2`} order by depth desc limit 1`,
    );
    rows.push(
      [`${label}: tree 3 levels`, () => getTree(v.member, null, 3)],
      [`${label}: folder expansion`, () => getSubTree(v.member, leftChild?.id_member ?? v.m.id_member)],
      [`${label}: search by ID`, () => getTree(v.member, inside?.id_member ?? deep!.id_member, 3)],
      [`${label}: search by name`, () => searchDownline(v.member, 'budi')],
      [`${label}: downline report page 1`, () => getDownlineReport(v.member, { page: 1, pageSize: 20 })],
      [`${label}: totals panel`, () => getDownlineSummary(v.member)],
    );
  }
  console.log('call                              p50 ms   p95 ms');
  for (const [label, fn] of rows) {
    const { p50, p95 } = await time(fn);
    console.log(`${label.padEnd(32)} ${p50.toFixed(1).padStart(7)}  ${p95.toFixed(1).padStart(7)}${p95 < 50 ? '' : '  (over 50 ms)'}`);
  }
  // Placement: each in its own transaction, rolled back so the bench database stays as seeded.
  const placements: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await client
      .inTransaction(async (tx) => {
        await addMemberToNetwork(tx, {
          sponsorId: mid.m.id,
          sisi: i % 2 ? 'R' : 'L',
          username: `bench${i}${Date.now()}`,
          nama: 'Bench Placement',
          email: 'b@contoh.id',
          phone: '628',
          posisi: 'SILVER',
          passwordHash: 'x',
          tglJoin: '2026-11-22',
        });
        placements.push(performance.now() - t);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  }
  placements.sort((a, b) => a - b);
  console.log(
    `${'placement (outer edge + counters)'.padEnd(32)} ${percentile(placements, 50).toFixed(1).padStart(7)}  ${percentile(placements, 95).toFixed(1).padStart(7)}`,
  );
  await client.closeDb();
}

const kinds = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  // Each database gets a fresh module graph so the client opens the right connection.
  await run(kind);
  delete process.env.DATABASE_URL;
}
