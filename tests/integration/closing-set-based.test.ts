// @template year — replays the demo year's closings with the set-based volume and with the reference

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The closing's volume propagation became set-based SQL (issue #24). The engine before it — the
 * day's BV walked event by event and ancestor by ancestor in JavaScript — is kept in the test tree
 * (reference/closing-volume.ts) and swapped in here for the engine's loader, so the same closing
 * runs once with each from the same state and the ledgers they write are compared whole.
 */
const engine = { reference: false, referenceCalls: 0 };
// Files share their worker's loaded modules (vitest.config.ts), so the engine's loader is swapped in
// a fresh module registry of this file's own, and the registry is dropped again when it ends.
vi.resetModules();
vi.doMock('../../src/server/db/queries/bonus-closing', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/db/queries/bonus-closing')>();
  const { referencePairingUplines } = await import('./reference/closing-volume');
  return {
    ...actual,
    pairingUplines: (...args: Parameters<typeof actual.pairingUplines>) => {
      if (!engine.reference) return actual.pairingUplines(...args);
      engine.referenceCalls++;
      return referencePairingUplines(...args);
    },
  };
});
const { closeDb, getDb, selectRows } = await import('../../src/server/db/client');
const { closeDay } = await import('../../src/server/services/bonus/close-day');
const { closeRange, firstPaidDay } = await import('../../src/server/services/bonus/close-range');
const { jakartaDay, noonOf } = await import('./ledger-helpers');
afterAll(async () => {
  await closeDb(); // this registry's connection: per-file.ts closes the next registry's
  vi.doUnmock('../../src/server/db/queries/bonus-closing');
  vi.resetModules();
});

/** Everything a closing writes: bonus rows, pairing counters, annual pair counters, closed days. */
async function ledger() {
  const db = await getDb();
  return {
    bonuses: await selectRows<{ tanggal: string; jenis_bonus: string }>(
      db,
      sql`select member_id::int, tanggal::text, jenis_bonus, bonus_bruto::text, pot_pph::text, bonus_dibayar::text, detail,
        (select r.tanggal::text || ' ' || r.jenis_bonus || ' ' || r.member_id from bonuses r where r.id = b.reverses_id) as reverses
      from bonuses b order by tanggal, member_id, jenis_bonus, bonus_bruto, detail::text`,
    ),
    pairing: await selectRows(db, sql`select * from member_pairing order by member_id`),
    annual: await selectRows(db, sql`select member_id::int, periode_mulai::text, pair_bv::text from member_annual order by 1, 2`),
    days: await selectRows(
      db,
      sql`select tanggal::text, bonus_count, total_bruto::text, jumlah_order, total_bv::text from closed_days order by tanggal`,
    ),
  };
}

/** Opens every closed day again: no bonus, payout, slip, pairing counter or paid pair; every order and refund uncounted. */
async function reopenEverything(): Promise<void> {
  const db = await getDb();
  for (const statement of [
    sql`delete from bonuses`,
    sql`delete from payouts`,
    sql`delete from bukti_potong`,
    sql`delete from closed_days`,
    sql`delete from member_pairing`,
    sql`update member_annual set pair_bv = 0`,
    sql`update orders set tanggal_bonus = null`,
    sql`update order_refunds set tanggal_bonus = null`,
  ])
    await db.execute(statement);
}

const LEDGER_TABLES = ['payouts', 'bonuses', 'bukti_potong', 'closed_days', 'member_pairing', 'member_annual'];

/** Keeps what the closing writes as it is now; the returned function puts it back (orders and refunds uncounted again past `from`). */
async function saveLedger(from: string): Promise<() => Promise<void>> {
  const db = await getDb();
  for (const t of LEDGER_TABLES) await db.execute(sql.raw(`create table saved_${t} as select * from ${t}`));
  return async () => {
    for (const t of [...LEDGER_TABLES].reverse()) await db.execute(sql.raw(`delete from ${t}`));
    for (const t of LEDGER_TABLES) await db.execute(sql.raw(`insert into ${t} select * from saved_${t}`));
    await db.execute(sql`update orders set tanggal_bonus = null where tanggal_bonus >= ${from}::date`);
    await db.execute(sql`update order_refunds set tanggal_bonus = null where tanggal_bonus >= ${from}::date`);
  };
}

/** Runs `close` from the same state (`prepare` makes it) with each engine; returns both ledgers. */
async function withBothEngines(prepare: () => Promise<void>, close: () => Promise<unknown>) {
  const results = [];
  const calls = engine.referenceCalls;
  try {
    for (const reference of [true, false]) {
      await prepare();
      engine.reference = reference;
      await close();
      results.push(await ledger());
    }
  } finally {
    engine.reference = false;
  }
  // The swap really happened (a module loaded before the mock would compare the engine with itself).
  expect(engine.referenceCalls).toBeGreaterThan(calls);
  return { reference: results[0]!, setBased: results[1]! };
}

describe('the set-based closing equals the engine it replaced', () => {
  it('on the whole demo year: the same bonus rows, pairing and annual counters and closed days', async () => {
    const first = (await firstPaidDay())!;
    const yesterday = jakartaDay(-1);
    const { reference, setBased } = await withBothEngines(reopenEverything, () => closeRange(first, yesterday));
    // Not an empty comparison: the year pays pairs and moves counters.
    expect(reference.bonuses.filter((b) => b.jenis_bonus === 'PAIR').length).toBeGreaterThan(50);
    expect(reference.pairing.length).toBeGreaterThan(100);
    expect(setBased.days).toEqual(reference.days);
    expect(setBased.pairing).toEqual(reference.pairing);
    expect(setBased.annual).toEqual(reference.annual);
    expect(setBased.bonuses).toEqual(reference.bonuses);
  }, 600_000);

  it('on random busy days: upgrades and repeat orders of random members across the tree', async () => {
    // A seeded generator: a failure names its seed and replays exactly.
    const seed = Date.now() % 100_000;
    let state = seed;
    const random = () => {
      state = (state * 48_271) % 2_147_483_647;
      return state / 2_147_483_647;
    };
    const db = await getDb();
    const members = (await selectRows<{ id: number }>(db, sql`select id::int as id from members where path <> '' order by id`)).map(
      (m) => m.id,
    );
    const days = [0, 1, 2].map((k) => jakartaDay(k));
    const orders = days.flatMap((day, d) =>
      members.flatMap((id) => {
        const r = random();
        if (r < 0.15) return [{ id, day, jenis: 'upg', bv: 1 + Math.floor(random() * 4), n: `${d}-${id}` }];
        if (r < 0.25) return [{ id, day, jenis: 'ro', bv: 1 + Math.floor(random() * 2), n: `${d}-${id}` }];
        return [];
      }),
    );
    for (const o of orders) {
      const paid = noonOf(o.day).toISOString();
      await db.execute(sql`insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga, total_bayar)
        values (${`RND-${o.n}`}, ${`RND-I-${o.n}`}, ${o.id}, ${o.jenis}, 'PAID', ${paid}, ${paid}, ${paid}, ${o.bv}, 350000, 350000)`);
    }
    // From the demo year as it stands (closed up to yesterday), each engine closes the three days.
    const restore = await saveLedger(days[0]!);
    const { reference, setBased } = await withBothEngines(restore, async () => {
      for (const day of days) await closeDay(day);
    });
    const busy = (l: typeof reference) => l.bonuses.filter((b) => days.includes(b.tanggal));
    expect(busy(reference).filter((b) => b.jenis_bonus === 'PAIR').length, `seed ${seed}`).toBeGreaterThan(10);
    expect(busy(setBased), `seed ${seed}`).toEqual(busy(reference));
    expect(setBased.pairing, `seed ${seed}`).toEqual(reference.pairing);
    expect(setBased.annual, `seed ${seed}`).toEqual(reference.annual);
    expect(setBased.days, `seed ${seed}`).toEqual(reference.days);
  }, 600_000);
});
