import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RANK_BV } from '../../src/lib/rank';
import { getDb, selectRows } from '../../src/server/db/client';
import { pathsBelow } from '../../src/server/domain/tree-paths';
import { downlineCsv } from '../../src/server/services/network/downline-csv';
import { getDownlineReport, getDownlineSummary } from '../../src/server/services/network/get-downline-report';
import { getSubTree, getTree } from '../../src/server/services/network/get-tree';
import { searchDownline } from '../../src/server/services/network/search-downline';
import { sessionOf } from './helpers';

describe('pathsBelow', () => {
  it.each([
    ['', 1, ['']],
    ['', 3, ['', '0', '1', '00', '01', '10', '11']],
    ['01', 2, ['01', '010', '011']],
  ])('%j with %i levels', (path, levels, expected) => {
    expect(pathsBelow(path, levels)).toEqual(expected);
  });
});

describe('network tree', () => {
  it('the counters on every member equal a recount from the raw placement rows', async () => {
    const db = await getDb();
    const wrong = await selectRows<{ id_member: string }>(
      db,
      sql`
      select m.id_member from members m
      where m.jumlah_child_kiri <> (select count(*) from members d where d.path > m.path || '0' and d.path < m.path || '02' or d.path = m.path || '0')
         or m.jumlah_child_kanan <> (select count(*) from members d where d.path > m.path || '1' and d.path < m.path || '12' or d.path = m.path || '1')`,
    );
    expect(wrong).toEqual([]);
    const orphans = await selectRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from members m join members u on u.id = m.upline_id
      where m.path <> u.path || case m.sisi when 'L' then '0' else '1' end`,
    );
    expect(orphans[0]!.n).toBe(0);
  });

  it('shows three levels from the member, with empty slots and the side links', async () => {
    const me = await sessionOf('demoplatinum');
    const { tree, upline_id_member } = await getTree(me, null, 3);
    expect(tree.id_member).toBe('1000000001');
    expect(tree.root).toBe(true);
    expect(upline_id_member).toBeNull();
    expect(tree.childs.map((c) => c?.username)).toEqual(['demosilver', 'demobronze']);
    expect(tree.downlinekiri_id_member).toBe('1000000002');
    const leaves = tree.childs.flatMap((c) => c?.childs ?? []);
    expect(leaves).toHaveLength(4);
    expect(leaves.every((leaf) => leaf === null || leaf.childs.length === 0)).toBe(true);
    const db = await getDb();
    const [pairing] = await selectRows<{ jumlah_pair: number; sisa_bv_kiri: number; sisa_bv_kanan: number }>(
      db,
      sql`
      select jumlah_pair, sisa_bv_kiri, sisa_bv_kanan from member_pairing where member_id = ${me.id}`,
    );
    expect({ p: tree.jumlah_pair, l: tree.sisa_bv_kiri, r: tree.sisa_bv_kanan }).toEqual({
      p: pairing?.jumlah_pair ?? 0,
      l: pairing?.sisa_bv_kiri ?? 0,
      r: pairing?.sisa_bv_kanan ?? 0,
    });
  });

  it('a member sees only their own downline: upline and other legs answer as not found', async () => {
    const silver = await sessionOf('demosilver');
    await expect(getTree(silver, '1000000001', 3)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Member tidak ditemukan di jaringan Anda',
    });
    await expect(getTree(silver, '1000000003', 3)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getSubTree(silver, '1000000005')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const inside = await getTree(silver, '1000000004', 2);
    expect(inside.tree.username).toBe('demostokis');
    expect(inside.upline_id_member).toBe('1000000002');
    const outsiders = await searchDownline(silver, 'demo');
    expect(outsiders.map((o) => o.id_member)).toEqual(['1000000004']);
  });

  it('the downline report and its totals agree with the database', async () => {
    const me = await sessionOf('demosilver');
    const db = await getDb();
    const [expected] = await selectRows<{ n: number; bv: number; sponsored: number }>(
      db,
      sql`
      select count(*)::int as n,
        sum(case posisi when 'BRONZE' then 1 when 'SILVER' then 2 else 4 end)::int as bv,
        count(*) filter (where sponsor_id = ${me.id})::int as sponsored
      from members where path like '0_%'`,
    );
    const page = await getDownlineReport(me, { page: 1, pageSize: 20 });
    expect(page.total_count).toBe(expected!.n);
    expect(page.rows.length).toBe(Math.min(20, expected!.n));
    const summary = await getDownlineSummary(me);
    expect(summary.Total).toBe(expected!.n);
    expect(summary.bv_total).toBe(expected!.bv);
    expect(summary.Sponsor.reduce((s, r) => s + r.jumlah, 0)).toBe(expected!.sponsored);
    expect(summary.per_posisi.reduce((s, r) => s + r.kiri + r.kanan, 0)).toBe(expected!.n);
    const platinum = await getDownlineReport(me, { posisi: 'PLATINUM', page: 1, pageSize: 1000 });
    expect(platinum.rows.every((r) => r.posisi === 'PLATINUM' && r.bv === RANK_BV.PLATINUM)).toBe(true);
    const csv = await new Response(await downlineCsv(me, { posisi: 'PLATINUM' })).text();
    expect(csv.trim().split('\r\n')).toHaveLength(platinum.total_count + 1);
  });
});

describe('pairing card', () => {
  it('BV per side equals the rank BV of the downline on that side', async () => {
    const { getPairingCard } = await import('../../src/server/services/network/get-pairing-card');
    const me = await sessionOf('demoplatinum');
    const db = await getDb();
    const [bv] = await selectRows<{ kiri: number; kanan: number }>(
      db,
      sql`
      select coalesce(sum(case posisi when 'BRONZE' then 1 when 'SILVER' then 2 else 4 end) filter (where path like '0%'), 0)::int as kiri,
             coalesce(sum(case posisi when 'BRONZE' then 1 when 'SILVER' then 2 else 4 end) filter (where path like '1%'), 0)::int as kanan
      from members`,
    );
    const card = await getPairingCard(me);
    expect(card.jumlah_bv_kiri).toBe(bv!.kiri);
    expect(card.jumlah_bv_kanan).toBe(bv!.kanan);
    const [pairing] = await selectRows<{ jumlah_pair: number }>(db, sql`select jumlah_pair from member_pairing where member_id = ${me.id}`);
    expect(card.jumlah_pair).toBe(pairing?.jumlah_pair ?? 0);
    expect(card.tanggal_expired).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
