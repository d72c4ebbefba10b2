// @template year — the demo year's bonuses and payouts

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { dailyBonusReport, monthlyBonusReport, withdrawalReport } from '../../src/server/services/bonus/bonus-reports';
import { listBonuses } from '../../src/server/services/bonus/list-bonuses';
import { listPayouts, listUnpaidBonuses, requestPayout } from '../../src/server/services/bonus/payouts';
import { payThroughBatch, sessionOf } from './helpers';

describe('bonus reports', () => {
  it('daily and monthly totals equal the member’s bonus rows; the accumulated bonus is all-time net', async () => {
    const me = await sessionOf('demosilver');
    const db = await getDb();
    const [all] = await selectRows<{ bruto: string; net: string }>(
      db,
      sql`
      select sum(bonus_bruto)::text as bruto, sum(bonus_dibayar)::text as net from bonuses where member_id = ${me.id}`,
    );
    const daily = await dailyBonusReport(me, '2000-01-01', '2999-12-31');
    expect(daily.rows.reduce((s, r) => s + r.bonus_bruto, 0)).toBe(Number(all!.bruto));
    expect(daily.akumulasi).toBe(Number(all!.net));
    expect(daily.member.id_member).toBe(me.idMember);
    const monthly = await monthlyBonusReport(me, '2000-01', '2999-12');
    expect(monthly.rows.reduce((s, r) => s + r.bonus_dibayar, 0)).toBe(Number(all!.net));
    expect(new Set(monthly.rows.map((r) => r.bulan)).size).toBe(monthly.rows.length);
  });

  it('the bonus list by transfer status: each status its own rows and sums, none chosen is every row, a narrower range fewer', async () => {
    const me = await sessionOf('demosilver');
    const db = await getDb();
    const byStatus = await selectRows<{ status: string; n: number; net: string }>(
      db,
      sql`select status_transfer as status, count(*)::int as n, sum(bonus_dibayar)::text as net from bonuses where member_id = ${me.id} group by 1`,
    );
    const query = (status: ('PENDING' | 'PROCESSED')[], from = '2000-01-01', to = '2999-12-31') =>
      listBonuses(me, { from, to, status, page: 1, page_size: 500 });
    const all = await query([]);
    expect(all.total_count).toBe(byStatus.reduce((s, r) => s + r.n, 0));
    for (const status of ['PENDING', 'PROCESSED'] as const) {
      const expected = byStatus.find((r) => r.status === status);
      const list = await query([status]);
      expect(list.total_count).toBe(expected?.n ?? 0);
      expect(list.rows.every((r) => r.status_transfer === status)).toBe(true);
      const summary = status === 'PENDING' ? list.bonus_summary.pending.total : list.bonus_summary.dibayar.total;
      expect(summary).toBe(Number(expected?.net ?? 0));
    }
    expect(byStatus.some((r) => r.n > 0)).toBe(true);
    const newest = all.rows[0]!.tanggal;
    const oneDay = await query([], newest, newest);
    expect(oneDay.rows.length).toBeGreaterThan(0);
    expect(oneDay.rows.every((r) => r.tanggal === newest)).toBe(true);
    expect(oneDay.total_count).toBeLessThan(all.total_count);
  });

  it('the withdrawal report lists completed payouts with their bonuses', async () => {
    const db = await getDb();
    const [row] = await selectRows<{ id_member: string }>(
      db,
      sql`
      select m.id_member from members m join bonuses b on b.member_id = m.id where m.id > 5 and m.status_rekening = 'VERIFIED' and not exists (select 1 from payouts p where p.member_id = m.id)
      group by m.id_member having sum(b.bonus_dibayar) >= 100000 order by m.id_member limit 1`,
    );
    const me = await sessionOf(row!.id_member);
    const unpaid = await listUnpaidBonuses(me);
    await requestPayout(
      me,
      unpaid.map((b) => b.public_id),
    );
    const payout = (await listPayouts(me, { from: '2000-01-01', to: '2999-12-31', status: [], page: 1, page_size: 10 })).rows[0]!;
    await payThroughBatch(payout.no);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const report = await withdrawalReport(me, today, today);
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]!.nominal).toBe(payout.nominal);
    expect(report.rows[0]!.admin_fee).toBe(6_500);
    expect(report.rows[0]!.bonuses).toHaveLength(unpaid.length);
  });
});

describe('annual pairing', () => {
  it('periods follow the settings, pair-BV equals the PAIR bonuses paid in each, and the rank table is the plan’s', async () => {
    const { annualPairingReport } = await import('../../src/server/services/bonus/annual-pairing');
    const me = await sessionOf('demoplatinum');
    const report = await annualPairingReport(me);
    expect(report.periode_text).toBe('13 June 2024 to 15 June 2025');
    expect(report.rows[0]!.periode).toEqual({ start: '2024-06-13', end: '2025-06-15' });
    expect(report.rows[1]!.periode.start).toBe('2025-06-16');
    const db = await getDb();
    const [paid] = await selectRows<{ n: number }>(
      db,
      sql`
      select coalesce(sum((detail -> 0 -> 'bonus_pair_details' -> 0 ->> 'jumlah_pair_dibayar')::int), 0)::int as n
      from bonuses where member_id = ${me.id} and jenis_bonus = 'PAIR'`,
    );
    expect(report.rows.reduce((s, r) => s + r.jumlah_pair_bv_each_year, 0)).toBe(paid!.n);
    expect(report.annualPairingRank.map((r) => r.minimal_pair)).toEqual([100, 300, 1000, 3000]);
  });
});
