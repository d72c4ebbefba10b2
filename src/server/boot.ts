import { config } from './config';
import { connection } from './db/client';
import { isSeeded, seedDemo } from './db/seed';
import { startOrderExpiry } from './services/order/expire-orders';

let ready: Promise<void> | undefined;

/** Opens and migrates the database once per process and seeds the demo business when empty. */
export function ensureReady(): Promise<void> {
  ready ??= (async () => {
    const { db, kind } = await connection();
    if (config.seedOnStart && !(await isSeeded(db))) {
      const started = Date.now();
      console.log(`[portal] database ${kind} kosong: membuat data demo (${config.demoMembers} member)…`);
      await seedDemo(db, { members: config.demoMembers, seed: 42, log: (l) => console.log(`[portal]   ${l}`) });
      console.log(`[portal] data demo siap dalam ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    startOrderExpiry();
  })().catch((error) => {
    ready = undefined;
    throw error;
  });
  return ready;
}
