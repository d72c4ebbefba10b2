/**
 * Builds one test template database, in a child process of Vitest's global setup
 * (tests/setup/templates.ts): `node <compiled build-template.ts> base|small|year` with DATA_DIR or
 * DATABASE_URL naming an empty database (base) or a copy of the base template (small, year).
 *
 * - base: migrated, with the region lists (83k villages), nothing else.
 * - small: base + the demo network (300 members, seed 42: the README's logins, generated members
 *   1000000006…1000000300), catalogue, warehouses, settings, news, banners, operators. No orders,
 *   no closed days, no bonuses, payouts, promos or returns.
 * - year: base + the whole demo of `npm start` (a year of orders closed day by day, bonuses,
 *   payouts, promos, returns): for the test files marked `// @template year`.
 */
import { closeDb, connection } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { seedRegions } from '../../src/server/db/seed/regions';

export const TEMPLATE_MEMBERS = 300;
export const TEMPLATE_SEED = 42;

const kind = process.argv[2];
const { db } = await connection();
if (kind === 'base') await seedRegions(db);
else if (kind === 'small' || kind === 'year')
  await seedDemo(db, { members: TEMPLATE_MEMBERS, seed: TEMPLATE_SEED, withoutOrders: kind === 'small' });
else throw new Error(`unknown template ${kind}: base, small or year`);
await closeDb();
