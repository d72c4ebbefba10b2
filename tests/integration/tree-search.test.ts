// @template year — orders and bonuses per month of the demo year

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { getOrderStats } from '../../src/server/services/dashboard/get-order-stats';
import { findTreeView } from '../../src/server/services/network/find-tree-view';
import { sessionOf } from './helpers';

describe('tree search by ID or name (GET /report/tree?cariId=)', () => {
  it('an ID of the own downline opens it', async () => {
    const me = await sessionOf('demoplatinum');
    const found = await findTreeView(me, '1000000004', 3);
    expect(found.view.tree.nama).toBe('Demo Stokis');
    expect(found.notFound).toBeUndefined();
  });

  it('a name with one match opens that member; several are listed over the own tree', async () => {
    const me = await sessionOf('demoplatinum');
    const one = await findTreeView(me, 'demo stokis', 3);
    expect(one.view.tree.id_member).toBe('1000000004');
    const many = await findTreeView(me, 'Demo', 3);
    expect(many.view.tree.id_member).toBe('1000000001');
    expect(many.notFound).toBeUndefined();
    expect(many.matches.map((m) => m.nama)).toEqual(expect.arrayContaining(['Demo Silver', 'Demo Stokis', 'Demo Bronze']));
  });

  it('names outside the own downline are not found', async () => {
    const silver = await sessionOf('demosilver');
    const up = await findTreeView(silver, 'Demo Platinum', 3);
    expect(up.view.tree.id_member).toBe('1000000002');
    expect(up.notFound).toBe('Member tidak ditemukan di jaringan Anda');
    expect(up.matches).toEqual([]);
    const id = await findTreeView(silver, '1000000003', 3);
    expect(id.notFound).toBe('Member tidak ditemukan di jaringan Anda');
  });
});

describe('dashboard month charts', () => {
  it('orders per month by type add up to the month totals, bonus per month equals the ledger sum', async () => {
    const me = await sessionOf('demoplatinum');
    const stats = await getOrderStats(me);
    for (const m of stats.perMonth) expect(m.reg + m.upg + m.ro).toBe(m.n);
    const db = await getDb();
    const rows = await selectRows<{ bulan: string; total: string }>(
      db,
      sql`
      select to_char(tanggal, 'YYYY-MM') as bulan, sum(bonus_dibayar)::text as total from bonuses
      where member_id = ${me.id} and tanggal >= (date_trunc('month', now() at time zone 'Asia/Jakarta') - interval '5 months')::date
      group by 1 order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(stats.bonusPerMonth).toEqual(rows.map((r) => ({ bulan: r.bulan, bonus: r.total })));
  });
});
