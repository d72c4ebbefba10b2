/**
 * Operator commands for scripts (DESIGN.md §7), the process entry: parses argv and runs the command
 * code of src/server/commands/: `npm run ops -- AREA:ACTION …`. On PGlite while
 * the server runs, order:*, payout:*, retur:* and pajak:ekspor go through the server (scripts/through-server.ts);
 * the others ask to stop the server first (one process per data folder).
 */

import { operatorCommand } from '../src/server/commands/operator';
import { ORDER_USAGE, orderCommand } from '../src/server/commands/order';
import { PAJAK_USAGE, pajakCommand } from '../src/server/commands/pajak';
import { payoutCommand } from '../src/server/commands/payout';
import { promoCommand } from '../src/server/commands/promo';
import { REFUND_USAGE, refundCommand } from '../src/server/commands/refund';
import { returCommand } from '../src/server/commands/retur';
import { THROUGH_SERVER_AREAS } from '../src/server/commands/through-server-areas';
import { closeDb } from '../src/server/db/client';
import { keepFilesPrivate } from '../src/server/db/data-dir';
import { exportThroughServer, runThroughServer, serverHoldingDataDir } from './through-server';

// Whatever this command writes (the data folder, exports) is the operator's alone.
keepFilesPrivate();

const [command, ...args] = process.argv.slice(2);
const [area, action] = (command ?? '').split(':');
const areas: Record<string, (action: string, args: string[]) => Promise<string>> = {
  payout: payoutCommand,
  promo: promoCommand,
  retur: returCommand,
  order: orderCommand,
  refund: refundCommand,
  pajak: pajakCommand,
  operator: operatorCommand,
};

const server = serverHoldingDataDir();
try {
  if (server && command === 'pajak:ekspor') {
    process.exitCode = await exportThroughServer(server, args);
  } else if (server) {
    if (!THROUGH_SERVER_AREAS.includes(area ?? '')) {
      throw new Error(
        `${command ?? '(kosong)'} tidak bisa dijalankan lewat server (hanya ${THROUGH_SERVER_AREAS.map((a) => `${a}:*`).join(', ')}, pajak:ekspor dan npm run close); DATA_DIR dipakai server pid ${server.pid}: hentikan server dulu`,
      );
    }
    process.exitCode = await runThroughServer(server, [command!, ...args]);
  } else {
    const run = areas[area ?? ''];
    if (!run || !action)
      throw new Error(
        `Perintah tidak dikenal: ${command ?? '(kosong)'}. Tersedia: payout:process|complete|reject|fail <no>, promo:omsets [public_id], retur:approve|reject|receive|finish <no_retur>, ${ORDER_USAGE}, ${REFUND_USAGE}, ${PAJAK_USAGE}, operator:create --username U --role ROLE`,
      );
    console.log(await run(action, args));
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
