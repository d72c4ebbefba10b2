import { sql } from 'drizzle-orm';
import { addDays } from '../../../lib/calendar';
import { hashPassword } from '../../services/auth/password';
import { rebuildAnnualCounters } from '../../services/bonus/annual-counters';
import { closeDay } from '../../services/bonus/close-day';
import { closeRange, firstPaidDay } from '../../services/bonus/close-range';
import { type Db, selectRows } from '../client';
import { seedCatalogue } from './catalogue';
import { seedContent } from './content';
import { DEMO_PASSWORD, generateNetworkColumns, insertNetwork, networkMembers } from './network';
import { seedOperators } from './operators';
import { seedOrders } from './orders';
import { seedPayouts } from './payouts';
import { seedPromos } from './promos';
import { seedRegions } from './regions';
import { seedReturns } from './returns';

export interface SeedOptions {
  members: number;
  seed: number;
  /** The demo's "today": join dates and news end here. */
  until?: Date;
  log?: (line: string) => void;
  /** Skip the order history (network benchmarks need only the members). */
  withoutOrders?: boolean;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [{ n }] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from members`);
  return n > 0;
}

/**
 * Fills an empty database with a believable, deterministic business: regions, the network with
 * the README's demo logins, news and banners. Later areas add their parts here.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const until = options.until ?? new Date();
  if (await isSeeded(db)) throw new Error('Database sudah berisi member; gunakan database kosong untuk seed.');
  let t = Date.now();
  await seedRegions(db);
  log(`wilayah: ${Date.now() - t} ms`);
  t = Date.now();
  const regencies = (
    await selectRows<{ province_code: string; code: string }>(db, sql`select province_code, code from regencies order by code`)
  ).map((r) => [r.province_code, r.code] as [string, string]);
  const columns = generateNetworkColumns(options.members, options.seed, until, regencies);
  log(`jaringan dibuat di memori: ${columns.n} member, ${Date.now() - t} ms`);
  t = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await insertNetwork(db, columns, passwordHash, (done) => {
    if (done % 500_000 === 0 || done === columns.n) log(`  member tersimpan: ${done}/${columns.n} (${Date.now() - t} ms)`);
  });
  log(`member: ${Date.now() - t} ms`);
  // Their verified NPWPs count from the day they joined (the dated tax status the closing reads).
  await db.execute(sql`insert into npwp_statuses (member_id, berlaku_sejak, punya_npwp, jenis, nomor, admin)
    select id, tgl_join, true, 'NPWP', npwp, 'demo' from members where status_npwp = 'VERIFIED' and npwp is not null`);
  t = Date.now();
  const catalogue = await seedCatalogue(db);
  if (!options.withoutOrders)
    await seedOrders(db, networkMembers(columns), catalogue, options.seed, until, (done) => {
      if (done % 100_000 < 20_000) log(`  order tersimpan: ${done} (${Date.now() - t} ms)`);
    });
  log(`order: ${Date.now() - t} ms`);
  await seedContent(db, until);
  await seedOperators(db);
  if (!options.withoutOrders) {
    // Bonuses come from running the closing over the history, never from invented rows.
    t = Date.now();
    const first = await firstPaidDay();
    const yesterday = new Date(until.getTime() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    // The history is approved; yesterday is what the server's scheduler closed last night: a draft
    // waiting for KEUANGAN's approval (COMP_PLAN.md "Commission control"), its bonuses not yet payable.
    const dayBefore = addDays(yesterday, -1);
    if (first && first <= dayBefore) await closeRange(first, dayBefore);
    log(`closing bonus ${first} s.d. ${dayBefore}: ${Date.now() - t} ms`);
    await seedPayouts(db);
    if (first && first <= yesterday) await closeDay(yesterday);
    t = Date.now();
    await seedPromos(db, until);
    log(`promo: ${Date.now() - t} ms`);
    t = Date.now();
    await seedReturns(db, until);
    log(`retur: ${Date.now() - t} ms`);
  }
  // The history was written directly, so its counters are recomputed once, set-based.
  if (!options.withoutOrders) await rebuildAnnualCounters(db);
  await db.execute(sql`analyze`);
}
