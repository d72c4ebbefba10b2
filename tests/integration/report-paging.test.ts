import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { downlineCountCapped } from '../../src/server/db/queries/network';
import { downlineCsv } from '../../src/server/services/network/downline-csv';
import { getDownlineReport } from '../../src/server/services/network/get-downline-report';
import { memberId, sessionOf } from './helpers';
import { callRoute } from './route-harness';

/**
 * Issue #24 / ADR 0018: the downline report pages by keyset and jumps from the nearer end; every
 * page must hold exactly the rows the old `order by tgl_join desc, id desc limit/offset` gave.
 */

type Me = Awaited<ReturnType<typeof sessionOf>>;

/** The report's order as the old query read it: the whole downline, newest first. */
async function oldOrder(me: Me, where = sql``): Promise<string[]> {
  const db = await getDb();
  const rows = await selectRows<{ id_member: string }>(
    db,
    sql`
    select d.id_member from members d, members v
    where v.id = ${me.id} and d.path > v.path and d.path < v.path || '2' ${where}
    order by d.tgl_join desc, d.id desc`,
  );
  return rows.map((r) => r.id_member);
}

const ids = (report: { rows: { id_member: string }[] }) => report.rows.map((r) => r.id_member);

describe('downline report keyset paging', () => {
  it('every page by number equals the old order: first, middle, last, and past the end', async () => {
    const me = await sessionOf('demoplatinum');
    const all = await oldOrder(me);
    const pages = Math.ceil(all.length / 20);
    expect(pages).toBeGreaterThan(3);
    for (const page of [1, 2, Math.ceil(pages / 2), Math.ceil(pages / 2) + 1, pages - 1, pages]) {
      const report = await getDownlineReport(me, { page, pageSize: 20 });
      expect(report.total_count).toBe(all.length);
      expect(ids(report), `page ${page}`).toEqual(all.slice((page - 1) * 20, page * 20));
    }
    expect(ids(await getDownlineReport(me, { page: pages + 1, pageSize: 20 }))).toEqual([]);
  });

  it('the next and previous cursors walk the whole downline in both directions', async () => {
    const me = await sessionOf('demoplatinum');
    const all = await oldOrder(me);
    const pages = Math.ceil(all.length / 20);
    const forward: string[] = [];
    let report = await getDownlineReport(me, { page: 1, pageSize: 20 });
    for (let page = 1; ; page++) {
      forward.push(...ids(report));
      if (page === pages) break;
      report = await getDownlineReport(me, { page: page + 1, pageSize: 20, after: report.next_cursor! });
    }
    expect(forward).toEqual(all);
    // The last page then back to the first by `before`.
    const backward: string[][] = [];
    report = await getDownlineReport(me, { page: pages, pageSize: 20 });
    for (let page = pages; ; page--) {
      backward.unshift(ids(report));
      if (page === 1) break;
      report = await getDownlineReport(me, { page: page - 1, pageSize: 20, before: report.prev_cursor! });
    }
    expect(backward.flat()).toEqual(all);
    expect(backward.slice(0, -1).every((p) => p.length === 20)).toBe(true);
  });

  it('a rank filter pages the same way, its last page counted from the counters', async () => {
    const me = await sessionOf('demoplatinum');
    const silver = await oldOrder(me, sql`and d.posisi = 'SILVER'`);
    const last = Math.ceil(silver.length / 20);
    const report = await getDownlineReport(me, { posisi: 'SILVER', page: last, pageSize: 20 });
    expect(report.total_count).toBe(silver.length);
    expect(ids(report)).toEqual(silver.slice((last - 1) * 20));
    expect(report.rows.every((r) => r.posisi === 'SILVER')).toBe(true);
  });

  it('a name search equals the old LIKE, a miss is empty, and % _ are taken literally', async () => {
    const me = await sessionOf('demoplatinum');
    const db = await getDb();
    await db.execute(sql`update members set nama = 'Rani 100%_Persen' where id_member = ${memberId(12)}`);
    const [{ fragment }] = (await selectRows<{ fragment: string }>(
      db,
      sql`
      select lower(substr(nama, 2, 3)) as fragment from members where id_member = ${memberId(7)}`,
    )) as [{ fragment: string }];
    const hits = await oldOrder(me, sql`and lower(d.nama) like ${`%${fragment}%`}`);
    expect(hits.length).toBeGreaterThan(0);
    const report = await getDownlineReport(me, { cariNama: fragment.toUpperCase(), page: 1, pageSize: 20 });
    expect(report.total_count).toBe(hits.length);
    expect(report.total_capped).toBe(false);
    expect(ids(report)).toEqual(hits.slice(0, 20));

    const miss = await getDownlineReport(me, { cariNama: 'zzqxv', page: 1, pageSize: 20 });
    expect(miss).toMatchObject({ rows: [], total_count: 0, total_capped: false, next_cursor: null });

    expect(ids(await getDownlineReport(me, { cariNama: '0%_p', page: 1, pageSize: 20 }))).toEqual([memberId(12)]);
    expect(ids(await getDownlineReport(me, { cariNama: '%', page: 1, pageSize: 20 }))).toEqual([memberId(12)]);
  });

  it('the name-search count stops at its cap and says so', async () => {
    const me = await sessionOf('demoplatinum');
    const db = await getDb();
    const [{ path }] = (await selectRows<{ path: string }>(db, sql`select path from members where id = ${me.id}`)) as [{ path: string }];
    const everyone = (await oldOrder(me, sql`and lower(d.nama) like '%a%'`)).length;
    expect(everyone).toBeGreaterThan(5);
    expect(await downlineCountCapped(db, path, { name: '%a%' }, 5)).toEqual({ n: 5, capped: true });
    expect(await downlineCountCapped(db, path, { name: '%a%' }, everyone)).toEqual({ n: everyone, capped: false });
  });

  it('the /member call answers the same pages by number and by cursor', async () => {
    const me = await sessionOf('demoplatinum');
    const all = await oldOrder(me);
    const call = (query: Record<string, string>) => callRoute('/member/reports/downline-report', 'GET', { query, bearer: me.token });
    const first = (await call({ page: '1' })).json!.result as { next_cursor: string; total_count: number };
    expect(first.total_count).toBe(all.length);
    const byNumber = (await call({ page: '2' })).json!.result as { rows: { id_member: string }[]; prev_cursor: string };
    const byCursor = (await call({ filter: JSON.stringify({ page: 2, after: first.next_cursor }) })).json!.result as {
      rows: { id_member: string }[];
    };
    expect(ids(byNumber)).toEqual(all.slice(20, 40));
    expect(ids(byCursor)).toEqual(all.slice(20, 40));
    const back = (await call({ page: '1', before: byNumber.prev_cursor })).json!.result as { rows: { id_member: string }[] };
    expect(ids(back)).toEqual(all.slice(0, 20));
    // A cursor that is no member reads nothing rather than someone else's rows.
    expect(((await call({ page: '2', after: '999999999999' })).json!.result as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the downline CSV export streams (src/server/csv.ts csvStream)', () => {
  it('the downline export equals the table in the old order, with the guard on names', async () => {
    const me = await sessionOf('demoplatinum');
    const db = await getDb();
    await db.execute(sql`update members set nama = ${'=1+1'} where id_member = ${memberId(10)}`);
    const all = await oldOrder(me);
    // Past the export's first batch (100 rows, for its first bytes) and into the 1,000-row ones.
    expect(all.length).toBeGreaterThan(100);
    const text = await new Response(await downlineCsv(me, {})).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('No,Tanggal Join,ID Member,Nama,Sponsor,Upgrade,BV,Posisi');
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(all);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(all.map((_, i) => i + 1));
    expect(lines.find((l) => l.split(',')[2] === memberId(10))).toContain(`,'=1+1,`);
  });
});
