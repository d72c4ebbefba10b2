/**
 * The bonus closing: `npm run close` closes every finished day not yet closed, in order, up to
 * yesterday (Asia/Jakarta); `-- --date YYYY-MM-DD` one day, `-- --from YYYY-MM-DD [--to YYYY-MM-DD]`
 * a range (each missing day in order). Today and later days are refused, and a day closes only
 * after the day before it. `-- --reconcile [--date D | --from D --to D]` prints the reconciliation
 * per day (paid orders and BV against BV that earned bonuses) and exits 1 on any difference.
 * On PGlite while the server runs, the command goes through the server (scripts/through-server.ts).
 */

import { closeCommand } from '../src/server/commands/close';
import { closeDb } from '../src/server/db/client';
import { keepFilesPrivate } from '../src/server/db/data-dir';
import { runThroughServer, serverHoldingDataDir } from './through-server';

// Whatever this command writes (the data folder, exports) is the operator's alone.
keepFilesPrivate();

const argv = process.argv.slice(2);
const started = Date.now();
const server = serverHoldingDataDir();
try {
  process.exitCode = server ? await runThroughServer(server, ['close', ...argv]) : await closeCommand(argv, console.log, console.error);
} finally {
  await closeDb();
}
console.log(`Selesai dalam ${((Date.now() - started) / 1000).toFixed(1)} s`);
