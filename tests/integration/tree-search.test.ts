// @template year — orders and bonuses per month of the demo year

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { getOrderStats } from '../../src/server/services/dashboard/get-order-stats';
import { findTreeView } from '../../src/server/services/network/find-tree-view';
import { sessionOf } from './helpers';
import { callRoute } from './route-harness';

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

describe('the tree search box: GET /member/opt/downline?search= (TreeSearch.tsx)', () => {
  type Option = { id_member: string; nama: string };
  const search = async (token: string, term: string): Promise<Option[]> => {
    const answer = await callRoute('/member/opt/downline', 'GET', { bearer: token, query: { search: term } });
    expect(answer.status, term).toBe(200);
    return answer.json!.result as Option[];
  };
  /** The member's downline by walking upline_id (not the path range the search uses). */
  const downlineOf = async (memberId: number): Promise<Set<string>> => {
    const rows = await selectRows<{ id_member: string }>(
      await getDb(),
      sql`
      with recursive below as (
        select id, id_member from members where upline_id = ${memberId}
        union all
        select m.id, m.id_member from members m join below b on m.upline_id = b.id
      ) select id_member from below`,
    );
    return new Set(rows.map((r) => r.id_member));
  };

  it('finds a downline member by the start of the name, in any case', async () => {
    const silver = await sessionOf('demosilver');
    const stokis = [{ id_member: '1000000004', nama: 'Demo Stokis' }];
    expect(await search(silver.token, 'demo st')).toEqual(stokis);
    expect(await search(silver.token, 'DEMO STO')).toEqual(stokis);
    // The start of the name, not anywhere in it; LIKE wildcards are plain characters.
    expect(await search(silver.token, 'emo sto')).toEqual([]);
    expect(await search(silver.token, '%%%')).toEqual([]);
    expect(await search(silver.token, '___')).toEqual([]);
  });

  it('never answers a member outside the own downline', async () => {
    const silver = await sessionOf('demosilver');
    // 'Demo Platinum' (the upline) and 'Demo Bronze' (the other leg) start with "demo" too.
    expect((await search(silver.token, 'demo')).map((o) => o.id_member)).toEqual(['1000000004']);
    const mine = await downlineOf(silver.id);
    // The name starts most common outside this downline: each would leak if the range were wrong.
    const all = await selectRows<{ id_member: string; start: string }>(
      await getDb(),
      sql`select id_member, lower(left(nama, 3)) as start from members`,
    );
    const outside = new Map<string, number>();
    for (const m of all)
      if (!mine.has(m.id_member) && m.id_member !== silver.idMember) outside.set(m.start, (outside.get(m.start) ?? 0) + 1);
    const starts = [...outside]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([start]) => ({ start }));
    expect(starts.length).toBeGreaterThan(0);
    let found = 0;
    for (const { start } of starts) {
      const options = await search(silver.token, start);
      for (const option of options) {
        expect(mine.has(option.id_member), `${start}: ${option.id_member}`).toBe(true);
        expect(option.nama.toLowerCase().startsWith(start), option.nama).toBe(true);
      }
      found += options.length;
    }
    // Not vacuous: the upline finds members with these starts (more than silver does).
    const platinum = await sessionOf('demoplatinum');
    let above = 0;
    for (const { start } of starts) above += (await search(platinum.token, start)).length;
    expect(above).toBeGreaterThan(found);
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
