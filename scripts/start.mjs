// `npm start`: build when the sources changed, then serve the portal. The database is opened,
// migrated and (when empty) seeded with the demo before the first page is answered.
// WEB_CONCURRENCY=N (PostgreSQL only): N web processes on one port (node:cluster). The first
// process migrates, seeds and runs the scheduler (whose jobs also take PostgreSQL advisory locks);
// the others start once it answers, with SCHEDULER=0. Sessions live in the database, so any
// process serves any member. A process that dies is started again. On PGlite the data folder has
// one owner: WEB_CONCURRENCY is ignored with a line saying so (docs/operations.md).
import cluster from 'node:cluster';
import path from 'node:path';
import { dataDirProblem, keepFilesPrivate } from '../src/server/db/data-dir.ts';
import { installConsole } from '../src/server/log.ts';
import { modeLine, startProblem } from '../src/server/mode.ts';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startServer, stopGracefully } from './server.mjs';

// Fails closed (DESIGN.md §7a): an unknown PORTAL_ENV, NODE_ENV=production without PORTAL_ENV, or
// production without real payment keys and the public address does not start at all; the first
// line says which mode runs. Every line is in LOG_FORMAT (JSON in production), the refusals too.
installConsole();
keepFilesPrivate();
if (cluster.isWorker) {
  // A web process never outlives the primary (no orphan keeps the port).
  process.on('disconnect', () => process.exit(0));
  stopGracefully(await startServer());
} else {
  await primary();
}

async function primary() {
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
  let processes = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY || 1)) || 1);
  if (processes > 1 && !process.env.DATABASE_URL) {
    console.log(
      `[portal] WEB_CONCURRENCY=${processes} diabaikan: PGlite dilayani satu proses (satu pemilik folder data); untuk beberapa proses web pakai DATABASE_URL (PostgreSQL)`,
    );
    processes = 1;
  }
  const base = `http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT}`;
  const roles = new Map();
  let stopping = false;
  const restarts = [];
  const fork = (env) => roles.set(cluster.fork(env).id, env);
  if (processes === 1) stopGracefully(await startServer());
  else {
    for (const sig of ['SIGTERM', 'SIGINT']) {
      process.on(sig, () => {
        stopping = true;
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
        setTimeout(() => process.exit(0), 10_000).unref();
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    }
    cluster.on('exit', (worker, code, signal) => {
      const env = roles.get(worker.id);
      roles.delete(worker.id);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      // A process that keeps dying (port taken, database gone) is not restarted forever.
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length > 5) {
        console.error('[portal] proses web berhenti lebih dari 5 kali dalam 1 menit; semua proses dihentikan (lihat pesan di atas)');
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
        process.exitCode = 1;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
        return;
      }
      console.error(`[portal] proses web ${worker.process.pid} berhenti (${signal ?? code}); dijalankan lagi`);
      setTimeout(() => fork(env ?? { SCHEDULER: '0' }), 1000);
    });
    fork({ PORTAL_WORKER: '1' });
  }
  // Warm up: the first request opens the database and seeds it, so members never wait for it.
  let last = 'belum mendengarkan';
  // With several processes the others wait for the first one however long its seeding takes.
  for (let attempt = 0; attempt < 600 || (processes > 1 && !stopping); attempt++) {
    try {
      const response = await fetch(`${base}/signin`);
      if (response.ok) {
        last = '';
        break;
      }
      last = `HTTP ${response.status}`;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (last) console.error(`[portal] server berjalan di ${base}, tetapi belum bisa melayani (${last}); lihat pesan di atas`);
  else console.log(`[portal] siap di ${base} (${((Date.now() - started) / 1000).toFixed(1)} s sejak npm start)`);
  if (processes > 1) {
    // The first process has migrated and seeded: the others only open the database.
    for (let n = 2; n <= processes; n++) fork({ PORTAL_WORKER: String(n), SCHEDULER: '0' });
    console.log(`[portal] ${processes} proses web melayani ${base} (WEB_CONCURRENCY)`);
  }
}
