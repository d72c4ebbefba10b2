// @template year — reopens the last closed days of the demo year
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closeDb, getDb, selectRows } from '../../src/server/db/client';
import { closeRange } from '../../src/server/services/bonus/close-range';
import { recordAllPromoOmsets } from '../../src/server/services/promo/record-promo-omsets';
import { runAndKill } from '../faults/child';
import { closingSummary } from '../faults/closing-summary';
import { onServer, usePostgres, withDatabase } from '../setup/databases';

/**
 * SIGKILL in the middle of the writes that move goods or money (issue #8): a child process runs
 * the real service in a loop on this file's database and is killed at varied moments; the
 * database is then opened again (on PGlite: recovery from its WAL after the kill) and checked.
 * Nothing acknowledged is lost (every `ok` the child printed is there) and nothing is half written.
 * PGlite is one process per folder: this process closes its handle before a child opens it.
 */
const WORKER = 'tests/faults/worker.ts';
const DELAYS = [50, 400, 1000, 2000];
/** The closing of a day takes tens of milliseconds: kill it sooner. */
const CLOSE_DELAYS = [20, 100, 250, 500];
const CLOSE_DAYS = 40;
/** A member's claimable omset runs out after a few dozen claims: kill those runs sooner too. */
const CLAIM_DELAYS = [50, 150, 400, 800];
const THRESHOLD = 5;

async function killRuns(args: (run: number) => string[], script = WORKER, delays = DELAYS): Promise<string[]> {
  await closeDb();
  const lines: string[] = [];
  const perKill: number[] = [];
  let running = 0;
  for (const [run, delay] of delays.entries()) {
    // The last run of a worker kills it only after its first acknowledged write, so each loop is
    // known to have written something, on any machine.
    const afterWrite = script === WORKER && run === delays.length - 1;
    const { lines: printed, killedRunning } = await runAndKill(script, args(run), delay, afterWrite);
    perKill.push(printed.filter((l) => l.startsWith('ok') || / bonus, /.test(l)).length);
    if (killedRunning) running++;
    lines.push(...printed);
  }
  // Figures only (how far each run got depends on the machine): no assertion on them.
  console.info(
    `[faults] ${script} ${args(0)[0]}: ${delays.length} SIGKILLs (${running} while still writing), writes acknowledged before each: ${perKill.join(', ')}`,
  );
  return lines;
}

const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(await getDb(), query))[0]!;

// Limits are hang detectors: on a 2-core machine running the whole suite on both databases beside
// the browser tests, the closing's kills and reruns took over two minutes.
describe('SIGKILL mid-write loses nothing and leaves nothing half-written', () => {
  it('the daily closing (npm run close): each day wholly present or absent; running it again completes it exactly once, as an uninterrupted run would', async () => {
    // Open the last CLOSE_DAYS closed days again (their bonuses are in no payout), so there is something to close.
    const { last, first } = await one<{ last: string; first: string }>(sql`
      select max(tanggal)::text as last, (max(tanggal) - ${CLOSE_DAYS - 1}::int)::text as first from closed_days`);
    const db = await getDb();
    const held = await one<{ n: number }>(
      sql`select count(*)::int as n from bonuses where tanggal >= ${first}::date and payout_id is not null`,
    );
    expect(held.n).toBe(0);
    await db.execute(sql`delete from bonuses where tanggal >= ${first}::date`);
    await db.execute(sql`delete from closed_days where tanggal >= ${first}::date`);
    await closeDb();

    // The same database closed without interruption, for comparison (the same code as npm run close).
    const own = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    let ref: Partial<typeof own>;
    let dropRef: () => Promise<void>;
    if (usePostgres()) {
      const url = process.env.DATABASE_URL!;
      const name = `${new URL(url).pathname.slice(1)}_ref`;
      await onServer(url, (s) => s.unsafe(`create database ${name} template ${new URL(url).pathname.slice(1)}`));
      ref = { DATABASE_URL: withDatabase(url, name) };
      dropRef = () => onServer(url, (s) => s.unsafe(`drop database if exists ${name} with (force)`));
    } else {
      const dir = `${process.env.DATA_DIR}-ref`;
      fs.cpSync(process.env.DATA_DIR!, dir, { recursive: true });
      ref = { DATA_DIR: dir };
      dropRef = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const useDatabase = async (env: Partial<typeof own>) => {
      await closeDb();
      for (const [key, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    };
    try {
      await useDatabase(ref);
      await closeRange(first, last);
      const expected = await closingSummary(await getDb());
      await useDatabase(own);

      const range = ['--from', first, '--to', last];
      const printed = await killRuns(() => range, 'scripts/close.ts', CLOSE_DELAYS);
      const daysPrinted = printed.filter((l) => /^\d{4}-\d{2}-\d{2}: \d+ bonus/.test(l)).length;
      // After the kills: every closed day has exactly the bonuses it recorded; no bonus of an open day.
      const partial = await one<{ closed: number; torn: number; orphan: number }>(sql`
        select (select count(*)::int from closed_days where tanggal >= ${first}::date) as closed,
          (select count(*)::int from closed_days c where c.tanggal >= ${first}::date and (
            c.bonus_count <> (select count(*) from bonuses b where b.tanggal = c.tanggal)
            or c.total_bruto <> (select coalesce(sum(b.bonus_bruto), 0) from bonuses b where b.tanggal = c.tanggal))) as torn,
          (select count(*)::int from bonuses b where b.tanggal >= ${first}::date and not exists (select 1 from closed_days c where c.tanggal = b.tanggal)) as orphan`);
      expect(partial).toMatchObject({ torn: 0, orphan: 0 });
      // A day can commit just before the kill and never be printed: at most one per kill.
      expect(partial.closed - daysPrinted).toBeGreaterThanOrEqual(0);
      expect(partial.closed - daysPrinted).toBeLessThanOrEqual(CLOSE_DELAYS.length);

      const finish = await closeRange(first, last);
      expect(finish.filter((r) => r.alreadyClosed)).toHaveLength(partial.closed);
      const again = await closeRange(first, last);
      expect(again.filter((r) => r.alreadyClosed)).toHaveLength(CLOSE_DAYS);
      expect(await closingSummary(await getDb())).toEqual(expected);
    } finally {
      await useDatabase(own);
      await dropRef();
    }
  }, 300_000);

  it('order creation: every acknowledged order is there with its lines, totals, history and reserved stock', async () => {
    const stockBefore = await one<{ qty: number }>(sql`select sum(qty)::int as qty from warehouse_stock`);
    // The loop leaves many orders unpaid on purpose: lift the per-member cap of unpaid orders.
    await (await getDb()).execute(
      sql`insert into settings (key, value) values ('order_max_pending', '1000000'::jsonb) on conflict (key) do update set value = excluded.value`,
    );
    const printed = await killRuns((run) => ['order', `k${run}`]);
    const acknowledged = printed.filter((l) => l.startsWith('ok ')).map((l) => l.slice(3));

    const rows = await selectRows<{ client_ref: string }>(
      await getDb(),
      sql`select client_ref from orders where client_ref like 'fault-%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(new Set(rows.map((r) => r.client_ref))).toEqual(new Set([...acknowledged, ...rows.map((r) => r.client_ref)]));
    expect(rows.length - acknowledged.length).toBeLessThanOrEqual(DELAYS.length); // at most one committed but not yet printed per kill
    const torn = await one<Record<string, number>>(sql`
      select count(*) filter (where not exists (select 1 from order_details d where d.order_id = o.id))::int as no_items,
        count(*) filter (where o.total_bv <> (select sum(d.value * d.qty) from order_details d where d.order_id = o.id))::int as bad_bv,
        count(*) filter (where o.total_harga <> (select sum(d.harga * d.qty) from order_details d where d.order_id = o.id))::int as bad_harga,
        count(*) filter (where o.total_berat <> (select sum(d.berat * d.qty) from order_details d where d.order_id = o.id))::int as bad_berat,
        count(*) filter (where o.total_bayar <> o.total_harga + o.biaya_kirim - o.diskon_biaya_kirim + o.asuransi_kirim + o.biaya_pembayaran)::int as bad_bayar,
        count(*) filter (where not exists (select 1 from order_histories h where h.order_id = o.id and h.status = 'PENDING'))::int as no_history
      from orders o`);
    expect(torn).toEqual({ no_items: 0, bad_bv: 0, bad_harga: 0, bad_berat: 0, bad_bayar: 0, no_history: 0 });
    // The stock the orders reserved left the warehouses, no more and no less.
    const after = await one<{ qty: number; reserved: number }>(sql`
      select (select sum(qty)::int from warehouse_stock) as qty,
        (select coalesce(sum(d.qty), 0)::int from order_details d join orders o on o.id = d.order_id where o.client_ref like 'fault-%') as reserved`);
    expect(after.qty).toBe(stockBefore.qty - after.reserved);
  }, 300_000);

  it('payout request (and reject): no money created or lost, every payout holds exactly the bonuses it counts', async () => {
    const before = await one<{ all: string; held: string }>(sql`
      select sum(bonus_dibayar)::text as all, (select coalesce(sum(total_bonus), 0)::text from payouts where status in ('queued', 'processed', 'completed')) as held
      from bonuses`);
    const unpaidBefore = await one<{ sum: string }>(sql`select sum(bonus_dibayar)::text as sum from bonuses where payout_id is null`);
    const printed = await killRuns(() => ['payout']);
    const requested = printed.filter((l) => l.startsWith('ok payout ')).map((l) => l.slice('ok payout '.length));
    const rejected = printed.filter((l) => l.startsWith('ok reject ')).map((l) => l.slice('ok reject '.length));
    expect(requested.length).toBeGreaterThan(0);

    const db = await getDb();
    const found = await selectRows<{ public_id: string; status: string }>(
      db,
      sql`select public_id::text as public_id, status from payouts`,
    );
    const status = new Map(found.map((p) => [p.public_id, p.status]));
    for (const id of requested) expect(status.has(id)).toBe(true);
    for (const id of rejected) expect(status.get(id)).toBe('rejected');
    const torn = await one<Record<string, number>>(sql`
      select count(*) filter (where p.status in ('queued', 'processed', 'completed') and (
          p.total_bonus <> (select coalesce(sum(b.bonus_dibayar), 0) from bonuses b where b.payout_id = p.id)
          or jsonb_array_length(p.bonus_ids) <> (select count(*) from bonuses b where b.payout_id = p.id)))::int as live_mismatch,
        count(*) filter (where p.nominal <> p.total_bonus - p.admin_fee)::int as bad_nominal,
        count(*) filter (where p.status in ('rejected', 'failed') and exists (select 1 from bonuses b where b.payout_id = p.id))::int as rejected_holding,
        count(*) filter (where p.no not like 'WD-%-%')::int as unnumbered
      from payouts p`);
    expect(torn).toEqual({ live_mismatch: 0, bad_nominal: 0, rejected_holding: 0, unnumbered: 0 });
    // Unpaid balance + money in live payouts is what it was: the requests only moved it.
    const after = await one<{ all: string; held: string; unpaid: string }>(sql`
      select sum(bonus_dibayar)::text as all, (select coalesce(sum(total_bonus), 0)::text from payouts where status in ('queued', 'processed', 'completed')) as held,
        (select sum(bonus_dibayar)::text from bonuses where payout_id is null) as unpaid from bonuses`);
    expect(after.all).toBe(before.all);
    expect(Number(after.unpaid) + Number(after.held)).toBe(Number(unpaidBefore.sum) + Number(before.held));
  }, 300_000);

  it('promo claim: each claim marked exactly the omset rows it counts, each row used at most once', async () => {
    const db = await getDb();
    const [promo] = await selectRows<{ id: number; public_id: string }>(
      db,
      sql`
      insert into promos (nama, reward, periode_awal, periode_akhir, batas_klaim, syarat_poin, kelipatan)
      values ('Uji Gangguan', 'Hadiah uji', current_date - 1000, current_date + 10, current_date + 20, ${THRESHOLD}, true)
      returning id::int as id, public_id::text as public_id`,
    );
    await recordAllPromoOmsets(db, promo!.id);
    const rowsBefore = await one<{ n: number; poin: number }>(
      sql`select count(*)::int as n, sum(poin)::float8 as poin from promo_omsets where promo_id = ${promo!.id}`,
    );

    const printed = await killRuns(() => ['claim', promo!.public_id], WORKER, CLAIM_DELAYS);
    const acknowledged = printed.filter((l) => l.startsWith('ok ')).map((l) => l.slice(3));
    expect(acknowledged.length).toBeGreaterThan(0);

    const claims = await selectRows<{ public_id: string }>(
      await getDb(),
      sql`select public_id::text as public_id from promo_claims where promo_id = ${promo!.id}`,
    );
    const ids = new Set(claims.map((c) => c.public_id));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
    // Each claim's parts (promo_claim_omsets) sum to what it claimed, exactly the threshold, and
    // each omset row's used amount is the sum of its parts: a kill leaves no half-written claim.
    const torn = await one<Record<string, number>>(sql`
      select count(*) filter (where not exists (select 1 from promo_claim_omsets u where u.claim_id = c.id))::int as without_rows,
        count(*) filter (where c.poin_claimed is distinct from (select sum(u.poin) from promo_claim_omsets u where u.claim_id = c.id)
          or c.nominal_claimed is distinct from (select sum(u.nominal) from promo_claim_omsets u where u.claim_id = c.id))::int as bad_sums,
        count(*) filter (where c.poin_claimed <> ${THRESHOLD})::int as not_threshold,
        count(*) filter (where exists (select 1 from promo_claim_omsets u join promo_omsets po on po.id = u.omset_id where u.claim_id = c.id and po.member_id <> c.member_id))::int as foreign_rows,
        count(*) filter (where c.no not like 'CLM-%')::int as unnumbered,
        (select count(*) from promo_omsets po where po.promo_id = ${promo!.id}
          and po.poin_terpakai is distinct from (select coalesce(sum(u.poin), 0) from promo_claim_omsets u where u.omset_id = po.id))::int as bad_used
      from promo_claims c where c.promo_id = ${promo!.id}`);
    expect(torn).toEqual({ without_rows: 0, bad_sums: 0, not_threshold: 0, foreign_rows: 0, unnumbered: 0, bad_used: 0 });
    const rowsAfter = await one<{ n: number; poin: number }>(
      sql`select count(*)::int as n, sum(poin)::float8 as poin from promo_omsets where promo_id = ${promo!.id}`,
    );
    expect(rowsAfter).toEqual(rowsBefore);
  }, 300_000);
});
