import { config } from './config';
import { closeDb, connection, onDbClose } from './db/client';
import { isSeeded, seedDemo } from './db/seed';
import { isProduction, startProblem } from './mode';
import { startScheduler, stopScheduler } from './services/scheduler/start-scheduler';

let ready: Promise<void> | undefined;
onDbClose(() => {
  ready = undefined;
});

/** Opens and migrates the database once per process and seeds the demo business when empty. */
export function ensureReady(): Promise<void> {
  ready ??= (async () => {
    // Every way of serving (npm start, scripts/server.mjs, a custom entry) passes here.
    const missing = startProblem();
    if (missing) throw new Error(missing);
    const { db, kind } = await connection();
    await seedIfEmpty(db, kind);
    // The closing, the expiry of unpaid orders and the month's tax slips (DESIGN.md §7).
    startScheduler();
  })().catch((error) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/**
 * The end of a graceful stop (scripts/server.mjs, after the last request has been answered): the
 * scheduler's running pass finishes, then the database is closed cleanly. On PGlite that is
 * PostgreSQL's shutdown checkpoint: sequences keep their exact values (an unclean end made order
 * numbers jump by up to 32, the values PostgreSQL logs ahead) and the next start needs no recovery.
 * Reached from the server script through a global, as the built bundle holds this module's state.
 */
export async function shutdown(): Promise<void> {
  await stopScheduler();
  await closeDb();
}
(globalThis as Record<symbol, unknown>)[Symbol.for('portal.shutdown')] = shutdown;

type Db = Awaited<ReturnType<typeof connection>>['db'];

/** The demo business on an empty database; never in production, whatever SEED_ON_START says. */
export async function seedIfEmpty(db: Db, kind: string): Promise<'seeded' | 'present' | 'off'> {
  if (isProduction()) {
    if (process.env.SEED_ON_START !== '0')
      console.log('[portal] PORTAL_ENV=production: SEED_ON_START diabaikan, data demo tidak pernah dibuat di produksi');
    return 'off';
  }
  if (!config.seedOnStart) return 'off';
  if (await isSeeded(db)) return 'present';
  const started = Date.now();
  console.log(`[portal] database ${kind} kosong: membuat data demo (${config.demoMembers} member)…`);
  await seedDemo(db, { members: config.demoMembers, seed: 42, log: (l) => console.log(`[portal]   ${l}`) });
  console.log(`[portal] data demo siap dalam ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'seeded';
}
