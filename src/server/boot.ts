import { config } from './config';
import { isProduction, startProblem } from './mode';
import { connection } from './db/client';
import { isSeeded, seedDemo } from './db/seed';
import { startScheduler } from './services/scheduler/start-scheduler';

let ready: Promise<void> | undefined;

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

type Db = Awaited<ReturnType<typeof connection>>['db'];

/** The demo business on an empty database; never in production, whatever SEED_ON_START says. */
export async function seedIfEmpty(db: Db, kind: string): Promise<'seeded' | 'present' | 'off'> {
  if (isProduction()) {
    if (process.env.SEED_ON_START !== '0') console.log('[portal] PORTAL_ENV=production: SEED_ON_START diabaikan, data demo tidak pernah dibuat di produksi');
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
