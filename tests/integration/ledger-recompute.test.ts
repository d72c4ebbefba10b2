// @template year — the bonus ledger of the demo year
/**
 * An independent recomputation of the demo year's bonuses, written from COMP_PLAN.md and the
 * orders alone: it does not call the closing engine, its domain functions or its plan object.
 * Every number below is COMP_PLAN.md's default (the demo runs on the defaults).
 */

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';

const PLAN = {
  sponsor: 100_000,
  passup: 25_000,
  pair: 50_000,
  roSponsor: 5_000,
  ro: { BRONZE: 10_000, SILVER: 15_000, PLATINUM: 20_000 } as Record<string, number>,
  cap: { BRONZE: 12, SILVER: 24, PLATINUM: 48 } as Record<string, number>,
  daysAtJoin: 60,
  daysPerRo: 30,
  roMinBv: 1,
  annual: [
    [100, 1_000_000],
    [300, 3_500_000],
    [1_000, 12_500_000],
    [3_000, 40_000_000],
  ] as [number, number][],
  firstPeriod: { start: '2024-06-13', end: '2025-06-15' },
};

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const todayJakarta = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** PPh 21 of one payment (INTEGRATIONS.md): Pasal 17 on 50% of the gross, 120% without an NPWP. */
function pph(gross: number, npwp: boolean): number {
  const base = Math.floor(gross / 2);
  const brackets: [number, number][] = [
    [60_000_000, 5],
    [250_000_000, 15],
    [500_000_000, 25],
    [5_000_000_000, 30],
    [Infinity, 35],
  ];
  let tax = 0;
  let lower = 0;
  for (const [upTo, rate] of brackets) {
    if (base > lower) tax += ((Math.min(base, upTo) - lower) * rate) / 100;
    lower = upTo;
  }
  const t = Math.floor(tax);
  return npwp ? t : Math.floor((t * 120) / 100);
}

interface Order {
  id: number;
  hari: string;
  at: number;
  jenis: string;
  bv: number;
  buyer: number;
  subject: number;
  posisi: string | null;
}
interface Member {
  id: number;
  path: string;
  sponsor: number | null;
  join: string;
  posisi: string;
  npwp: boolean;
}

describe('an independent recomputation of the demo year', () => {
  it('equals the stored bonuses row by row (member, day, type, gross, withholding)', async () => {
    const db = await getDb();
    const today = todayJakarta();
    const orders = await selectRows<Order>(
      db,
      sql`
      select id::int as id, (paid_at at time zone 'Asia/Jakarta')::date::text as hari, (extract(epoch from paid_at) * 1000)::float8 as at,
        jenis_order as jenis, total_bv as bv, member_id::int as buyer, coalesce(new_member_id, member_id)::int as subject, posisi
      from orders where paid_at is not null and status_order not in ('PENDING', 'CANCEL', 'EXPIRED')
        and paid_at < (${today}::date)::timestamp at time zone 'Asia/Jakarta'
      order by paid_at, id`,
    );
    const members = new Map(
      (
        await selectRows<Member>(
          db,
          sql`
      select id::int as id, path, sponsor_id::int as sponsor, tgl_join::text as "join", posisi, (status_npwp = 'VERIFIED' and npwp is not null) as npwp
      from members`,
        )
      ).map((m) => [m.id, m]),
    );
    const byPath = new Map([...members.values()].map((m) => [m.path, m]));

    // Rank history from the orders: the registration's rank, raised by each paid upgrade.
    const startRank = new Map<number, string>();
    const upgrades = new Map<number, { at: number; posisi: string }[]>();
    for (const o of orders) {
      if (o.jenis === 'reg' && o.posisi) startRank.set(o.subject, o.posisi);
      if (o.jenis === 'upg' && o.posisi) upgrades.set(o.buyer, [...(upgrades.get(o.buyer) ?? []), { at: o.at, posisi: o.posisi }]);
    }
    const rankAt = (id: number, at: number) => {
      const done = (upgrades.get(id) ?? []).filter((u) => u.at <= at);
      return done.at(-1)?.posisi ?? startRank.get(id) ?? members.get(id)!.posisi;
    };

    const expected = new Map<string, number>();
    const add = (member: number | null | undefined, day: string, type: string, amount: number) => {
      if (!member || amount <= 0) return;
      const key = `${member}|${day}|${type}`;
      expected.set(key, (expected.get(key) ?? 0) + amount);
    };
    const carry = new Map<number, [number, number]>();
    const expiry = new Map<number, string>();
    const pairsPaid: { member: number; day: string; pairs: number }[] = [];
    const expiryOf = (id: number) => expiry.get(id) ?? addDays(members.get(id)!.join, PLAN.daysAtJoin);

    const days = [...new Set(orders.map((o) => o.hari))].sort();
    let periodEnd = PLAN.firstPeriod.end;
    let periodStart = PLAN.firstPeriod.start;
    const first = days[0]!;
    while (periodEnd < first) {
      periodStart = addDays(periodEnd, 1);
      periodEnd = `${Number(periodEnd.slice(0, 4)) + 1}${periodEnd.slice(4)}`;
    }
    for (let day = first; day < today; day = addDays(day, 1)) {
      const dayEndMs = Date.parse(`${addDays(day, 1)}T00:00:00+07:00`);
      const volume = new Map<number, [number, number]>();
      for (const o of orders.filter((x) => x.hari === day && x.bv > 0)) {
        const subject = members.get(o.subject)!;
        const sponsor = subject.sponsor ? members.get(subject.sponsor) : undefined;
        if (o.jenis === 'ro') {
          add(sponsor?.id, day, 'RO', o.bv * PLAN.ro[rankAt(subject.id, o.at)]!);
          add(sponsor?.sponsor, day, 'RO-SPONSOR', o.bv * PLAN.roSponsor);
          if (o.bv >= PLAN.roMinBv) {
            const current = expiryOf(subject.id);
            expiry.set(subject.id, addDays(current > day ? current : day, PLAN.daysPerRo));
          }
          continue;
        }
        add(sponsor?.id, day, 'SPONSOR', o.bv * PLAN.sponsor);
        add(sponsor?.sponsor, day, 'PASSUP', o.bv * PLAN.passup);
        for (let len = 0; len < subject.path.length; len++) {
          const upline = byPath.get(subject.path.slice(0, len));
          if (!upline) continue;
          const v = volume.get(upline.id) ?? [0, 0];
          v[subject.path[len] === '0' ? 0 : 1] += o.bv;
          volume.set(upline.id, v);
        }
      }
      for (const [id, [newL, newR]] of volume) {
        const [cl, cr] = carry.get(id) ?? [0, 0];
        const left = cl + newL;
        const right = cr + newR;
        const pairs = Math.min(left, right);
        const paid = expiryOf(id) >= day ? Math.min(pairs, PLAN.cap[rankAt(id, dayEndMs - 1)]!) : 0;
        carry.set(id, [left - pairs, right - pairs]);
        if (paid > 0) {
          add(id, day, 'PAIR', paid * PLAN.pair);
          pairsPaid.push({ member: id, day, pairs: paid });
        }
      }
      if (day === periodEnd) {
        const sums = new Map<number, number>();
        for (const p of pairsPaid) if (p.day >= periodStart && p.day <= day) sums.set(p.member, (sums.get(p.member) ?? 0) + p.pairs);
        for (const [id, pairs] of sums) add(id, day, 'ANNUAL', PLAN.annual.filter(([min]) => pairs >= min).at(-1)?.[1] ?? 0);
        periodStart = addDays(periodEnd, 1);
        periodEnd = `${Number(periodEnd.slice(0, 4)) + 1}${periodEnd.slice(4)}`;
      }
    }

    const stored = await selectRows<{ member_id: number; tanggal: string; jenis_bonus: string; bonus_bruto: number; pot_pph: number }>(
      db,
      sql`
      select member_id::int as member_id, tanggal::text as tanggal, jenis_bonus, bonus_bruto::int as bonus_bruto, pot_pph::int as pot_pph
      from bonuses where tanggal < ${today}::date`,
    );
    const storedMap = new Map(stored.map((b) => [`${b.member_id}|${b.tanggal}|${b.jenis_bonus}`, [b.bonus_bruto, b.pot_pph]]));
    const expectedMap = new Map(
      [...expected].map(([key, gross]) => [key, [gross, pph(gross, members.get(Number(key.split('|')[0]))!.npwp)]]),
    );
    const differences = [...new Set([...storedMap.keys(), ...expectedMap.keys()])]
      .filter((k) => JSON.stringify(storedMap.get(k)) !== JSON.stringify(expectedMap.get(k)))
      .map((k) => ({ key: k, stored: storedMap.get(k), expected: expectedMap.get(k) }));
    expect({
      count: differences.length,
      first: differences.slice(0, 6).map((d) => `${d.key} stored ${d.stored} expected ${d.expected}`),
    }).toEqual({ count: 0, first: [] });
    expect(stored.length).toBe(expectedMap.size);
    expect(stored.length).toBeGreaterThan(1000);
    expect(stored.filter((b) => b.jenis_bonus === 'ANNUAL').length).toBeGreaterThan(0);
    // The replay matters: some repeat orders were paid at a rank below the buyer's rank today.
    const earlierRank = orders.filter((o) => o.jenis === 'ro' && o.bv > 0 && rankAt(o.buyer, o.at) !== members.get(o.buyer)!.posisi);
    expect(earlierRank.length).toBeGreaterThan(0);
  });

  it('the annual pairing report shows the award the demo year’s period paid', async () => {
    const { annualPairingReport } = await import('../../src/server/services/bonus/annual-pairing');
    const { sessionOf } = await import('./helpers');
    const report = await annualPairingReport(await sessionOf('demoplatinum'));
    const [paid] = await selectRows<{ tanggal: string; bruto: number }>(
      await getDb(),
      sql`
      select b.tanggal::text as tanggal, b.bonus_bruto::int as bruto from bonuses b join members m on m.id = b.member_id
      where m.username = 'demoplatinum' and b.jenis_bonus = 'ANNUAL'`,
    );
    expect(paid).toBeTruthy();
    const row = report.rows.find((r) => r.periode.end === paid!.tanggal)!;
    expect(row.dibayar).toBe(paid!.bruto);
    expect(row.dibayar).toBe(row.annual.nilai_bonus);
  });

  it('the demo’s leader logins are active: demoplatinum’s pairing has not expired', async () => {
    const [row] = await selectRows<{ d: string }>(
      await getDb(),
      sql`
      select p.tanggal_expired::text as d from member_pairing p join members m on m.id = p.member_id where m.username = 'demoplatinum'`,
    );
    expect(row!.d >= todayJakarta()).toBe(true);
  });
});
