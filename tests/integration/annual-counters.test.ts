// @template year — the counters recounted from a year of orders and bonuses

import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { annualPeriodsUntil } from '../../src/server/domain/bonus/annual-period';
import { defaultSettings } from '../../src/server/domain/default-settings';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { REBUILD_ANNUAL_COUNTERS, REBUILD_UPGRADE_DATES, rebuildAnnualCounters } from '../../src/server/services/bonus/annual-counters';
import { annualPairingReport } from '../../src/server/services/bonus/annual-pairing';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { getDownlineReport } from '../../src/server/services/network/get-downline-report';
import { refundOrder } from '../../src/server/services/order/refund-order';
import { at, jakartaDay, memberIdOf, payAt, pendingOrder } from './ledger-helpers';

const RANK_BV = { BRONZE: 1, SILVER: 2, PLATINUM: 4 } as const;
let serial = 0;

/** A PENDING registration under `sponsorId`, as the stepper leaves it (the payment places the member). */
async function pendingRegistration(sponsorId: number, sisi: 'L' | 'R', posisi: keyof typeof RANK_BV): Promise<number> {
  const n = ++serial;
  const username = `ujitahunan${n}x${Date.now() % 100000}`;
  const calon = {
    username,
    nama: `Uji Tahunan ${n}`,
    email: `${username}@contoh.id`,
    phone: '6281200000000',
    nomor_identitas: '3578000000000001',
    alamat: 'Jl. Uji 1',
    id_propinsi_domisili: '35',
    id_kota_domisili: '35.78',
    negara: 'Indonesia',
  };
  const bv = RANK_BV[posisi];
  const [row] = await selectRows<{ id: number }>(
    await getDb(),
    sql`
    insert into orders (no_order, member_id, jenis_order, status_order, posisi, sisi, calon_member, total_bv, total_harga, total_bayar)
    values (${`ORD-UJI-TAHUNAN-${n}-${Date.now() % 100000}`}, ${sponsorId}, 'reg', 'PENDING', ${posisi}, ${sisi}, ${JSON.stringify(calon)}::jsonb, ${bv}, ${bv * 350_000}, ${bv * 350_000})
    returning id::int as id`,
  );
  return row!.id;
}

/** The counters recounted from the facts, independently of how they were kept: per upline the orders below it, by path range. */
async function recount() {
  const periods = annualPeriodsUntil(defaultSettings.annual_pairing_period, '2030-12-31');
  const values = sql.join(
    periods.map((p) => sql`(${p.start}::date, ${p.end}::date)`),
    sql`, `,
  );
  const db = await getDb();
  const volume = await selectRows<{ member_id: number; mulai: string; kiri: number; kanan: number }>(
    db,
    sql`
    select a.id::int as member_id, p.mulai::text as mulai,
      coalesce(sum(o.total_bv - coalesce((select sum(r.bv) from order_refunds r where r.order_id = o.id), 0)) filter (where substr(m.path, length(a.path) + 1, 1) = '0'), 0)::int as kiri,
      coalesce(sum(o.total_bv - coalesce((select sum(r.bv) from order_refunds r where r.order_id = o.id), 0)) filter (where substr(m.path, length(a.path) + 1, 1) = '1'), 0)::int as kanan
    from members a join members m on m.path > a.path and m.path < a.path || '2'
      join orders o on coalesce(o.new_member_id, o.member_id) = m.id
      join (values ${values}) as p(mulai, akhir) on o.paid_at >= p.mulai::timestamp at time zone 'Asia/Jakarta' and o.paid_at < (p.akhir + 1)::timestamp at time zone 'Asia/Jakarta'
    where o.jenis_order in ('reg', 'upg') and o.paid_at is not null and o.status_order not in ('CANCEL', 'EXPIRED')
    group by 1, 2`,
  );
  const pairs = await selectRows<{ member_id: number; mulai: string; pairs: number }>(
    db,
    sql`
    select b.member_id::int as member_id, p.mulai::text as mulai, sum((b.detail -> 0 -> 'bonus_pair_details' -> 0 ->> 'jumlah_pair_dibayar')::int)::int as pairs
    from bonuses b join (values ${values}) as p(mulai, akhir) on b.tanggal between p.mulai and p.akhir
    where b.jenis_bonus = 'PAIR' group by 1, 2`,
  );
  const expected = new Map<string, [number, number, number]>();
  for (const v of volume) expected.set(`${v.member_id}|${v.mulai}`, [v.kiri, v.kanan, 0]);
  for (const p of pairs)
    expected.set(`${p.member_id}|${p.mulai}`, [...(expected.get(`${p.member_id}|${p.mulai}`) ?? [0, 0, 0]).slice(0, 2), p.pairs] as [
      number,
      number,
      number,
    ]);
  const upgrades = await selectRows<{ id: number; first: string | null }>(
    db,
    sql`
    select m.id::int as id, (select min(o.paid_at) from orders o where o.member_id = m.id and o.jenis_order = 'upg' and o.paid_at is not null)::text as first
    from members m order by m.id`,
  );
  return { counters: nonZero(expected), upgrades };
}

const nonZero = (m: Map<string, [number, number, number]>) => new Map([...m].filter(([, v]) => v.some((x) => x !== 0)));

async function stored() {
  const db = await getDb();
  const rows = await selectRows<{ member_id: number; mulai: string; kiri: number; kanan: number; pairs: number }>(
    db,
    sql`
    select member_id::int as member_id, periode_mulai::text as mulai, bv_kiri::int as kiri, bv_kanan::int as kanan, pair_bv::int as pairs from member_annual`,
  );
  const upgrades = await selectRows<{ id: number; first: string | null }>(
    db,
    sql`select id::int as id, tgl_upgrade::text as first from members order by id`,
  );
  return {
    counters: nonZero(new Map(rows.map((r) => [`${r.member_id}|${r.mulai}`, [r.kiri, r.kanan, r.pairs] as [number, number, number]]))),
    upgrades,
  };
}

type Op =
  | { kind: 'reg'; sponsor: number; sisi: 'L' | 'R'; posisi: keyof typeof RANK_BV; daysAgo: number }
  | { kind: 'upg'; member: number; daysAgo: number }
  | { kind: 'refund'; order: number }
  | { kind: 'close' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('reg' as const),
    sponsor: fc.nat(50),
    sisi: fc.constantFrom('L' as const, 'R' as const),
    posisi: fc.constantFrom('BRONZE' as const, 'SILVER' as const, 'PLATINUM' as const),
    daysAgo: fc.constantFrom(0, 1, 3, 170, 200),
  }),
  fc.record({ kind: fc.constant('upg' as const), member: fc.nat(50), daysAgo: fc.constantFrom(0, 2, 180) }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.nat(50) }),
  fc.record({ kind: fc.constant('close' as const) }),
);

describe('the annual pairing counters and upgrade dates equal a recount of the facts', () => {
  it('the seeded history: counters rebuilt by the seed equal the recount', async () => {
    const [now, again] = [await stored(), await recount()];
    expect(now.counters.size).toBeGreaterThan(0);
    expect(now).toEqual(again);
  });

  it('after random registrations, upgrades, refunds (whole packages) and closings, kept in their own transactions', async () => {
    const stokis = await memberIdOf('demostokis');
    let closeDayOffset = 1;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 9 }), async (ops) => {
        const placed: number[] = [stokis];
        const paidOrders: number[] = [];
        for (const op of ops) {
          if (op.kind === 'reg') {
            const id = await pendingRegistration(placed[op.sponsor % placed.length]!, op.sisi, op.posisi);
            await payAt(id, at(jakartaDay(-op.daysAgo), '10:00'));
            const [m] = await selectRows<{ id: number }>(await getDb(), sql`select new_member_id::int as id from orders where id = ${id}`);
            placed.push(m!.id);
            paidOrders.push(id);
          } else if (op.kind === 'upg') {
            const order = await pendingOrder(placed[op.member % placed.length]!, 'upg', 1, 'PLATINUM');
            await payAt(order.id, at(jakartaDay(-op.daysAgo), '11:00'));
            paidOrders.push(order.id);
          } else if (op.kind === 'refund' && paidOrders.length) {
            const id = paidOrders[op.order % paidOrders.length]!;
            const [o] = await selectRows<{ no_order: string; total_bayar: number }>(
              await getDb(),
              sql`select no_order, total_bayar::float8 as total_bayar from orders where id = ${id}`,
            );
            await refundOrder(o!.no_order, { alasan: 'uji', admin: 'uji' }).catch(() => undefined);
          } else if (op.kind === 'close') {
            await closeDay(jakartaDay(closeDayOffset++));
          }
        }
        const [now, again] = [await stored(), await recount()];
        expect(now).toEqual(again);
      }),
      { numRuns: 6 },
    );
  });

  it('the reports read them: the annual pairing report and the downline report’s upgrade column', async () => {
    const root = (
      await selectRows<{ id: number; id_member: string }>(await getDb(), sql`select id::int as id, id_member from members where path = ''`)
    )[0]!;
    const viewer = { id: root.id, idMember: root.id_member, path: '', depth: 0 } as SessionMember;
    const report = await annualPairingReport(viewer);
    const { counters } = await recount();
    for (const row of report.rows) {
      const [kiri, kanan, pairs] = counters.get(`${root.id}|${row.periode.start}`) ?? [0, 0, 0];
      expect([row.jumlah_bv_kiri_each_year, row.jumlah_bv_kanan_each_year, row.jumlah_pair_bv_each_year]).toEqual([kiri, kanan, pairs]);
    }
    const page = await getDownlineReport(viewer, { page: 1, pageSize: 20 });
    const upgraded = new Set(
      (
        await selectRows<{ id_member: string }>(
          await getDb(),
          sql`
      select distinct m.id_member from members m join orders o on o.member_id = m.id where o.jenis_order = 'upg' and o.paid_at is not null`,
        )
      ).map((r) => r.id_member),
    );
    expect(page.rows.map((r) => r.upgrade_member)).toEqual(page.rows.map((r) => upgraded.has(r.id_member)));
  });

  it('a rebuild from the facts (the migration’s statement) changes nothing', async () => {
    // The migration's backfill is this very statement, so an upgraded database starts with true counters.
    const migration = fs.readFileSync('drizzle/0012_annual-counters.sql', 'utf8');
    const text = (q: typeof REBUILD_ANNUAL_COUNTERS) => (q.queryChunks[0] as { value: string[] }).value.join('').trim();
    expect(migration).toContain(text(REBUILD_ANNUAL_COUNTERS));
    expect(migration).toContain(text(REBUILD_UPGRADE_DATES));
    const before = await stored();
    await inTransaction((tx) => rebuildAnnualCounters(tx));
    expect(await stored()).toEqual(before);
  });
});
