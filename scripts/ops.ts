/**
 * Operator commands until there is an admin screen (DESIGN.md §7): `npm run ops -- AREA:ACTION …`.
 * On PGlite, stop the server first (one process per data folder).
 */
import { closeDb } from '../src/server/db/client';
import { payoutCommand } from './ops/payout';
import { promoCommand } from './ops/promo';
import { returCommand } from './ops/retur';
import { orderCommand, ORDER_USAGE } from './ops/order';
import { refundCommand, REFUND_USAGE } from './ops/refund';
import { pajakCommand, PAJAK_USAGE } from './ops/pajak';
import { operatorCommand } from './ops/operator';

const [command, ...args] = process.argv.slice(2);
const [area, action] = (command ?? '').split(':');
const areas: Record<string, (action: string, args: string[]) => Promise<string>> = { payout: payoutCommand, promo: promoCommand, retur: returCommand, order: orderCommand, refund: refundCommand, pajak: pajakCommand, operator: operatorCommand };

try {
  const run = areas[area ?? ''];
  if (!run || !action) throw new Error(`Perintah tidak dikenal: ${command ?? '(kosong)'}. Tersedia: payout:process|complete|reject|fail <no>, promo:omsets [public_id], retur:approve|reject|receive|finish <no_retur>, ${ORDER_USAGE}, ${REFUND_USAGE}, ${PAJAK_USAGE}, operator:create --username U --role ROLE`);
  console.log(await run(action, args));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
