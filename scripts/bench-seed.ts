/**
 * `npm run bench:seed -- --members N [--db pglite|postgres|both]`: runs the demo generator for N
 * members on a fresh PGlite folder and on a fresh PostgreSQL database (DATABASE_URL, default the
 * local server), each in its own process, and prints wall time and peak RSS.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'both' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

interface Result {
  db: string;
  seconds: number;
  peakMiB: number;
  ok: boolean;
}

function runSeed(env: NodeJS.ProcessEnv): { seconds: number; peakMiB: number; ok: boolean } {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--members', values.members!], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const out = `${child.stdout}${child.stderr}`;
  process.stdout.write(
    out
      .split('\n')
      .map((l) => (l ? `    ${l}` : l))
      .join('\n'),
  );
  // seed.ts reports its own peak resident memory (getrusage maxrss).
  const peak = Number(/memori puncak (\d+) MiB/.exec(out)?.[1] ?? NaN);
  return { seconds, peakMiB: peak, ok: child.status === 0 };
}

const results: Result[] = [];
if (values.db === 'pglite' || values.db === 'both') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-seed-'));
  console.log(`PGlite in ${dir}`);
  const env: NodeJS.ProcessEnv = { DATA_DIR: dir };
  delete process.env.DATABASE_URL;
  results.push({ db: 'PGlite', ...runSeed(env) });
  fs.rmSync(dir, { recursive: true, force: true });
}
if (values.db === 'postgres' || values.db === 'both') {
  const name = `bench_seed_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  console.log(`PostgreSQL database ${name}`);
  try {
    results.push({ db: 'PostgreSQL', ...runSeed({ DATABASE_URL: url.toString() }) });
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(`\nDemo generator, ${Number(values.members).toLocaleString('en')} members (${os.cpus().length} cores)`);
console.log('database     wall time   peak RSS   status');
for (const r of results) {
  console.log(
    `${r.db.padEnd(12)} ${`${r.seconds.toFixed(1)} s`.padStart(9)}   ${`${r.peakMiB} MiB`.padStart(8)}   ${r.ok ? 'OK' : 'FAILED'}`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
