import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { today } from '../../src/lib/calendar';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { downlineCountCapped } from '../../src/server/db/queries/network';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { movePlacement } from '../../src/server/services/member-care/move-placement';
import { downlineCsv } from '../../src/server/services/network/downline-csv';
import { getDownlineReport } from '../../src/server/services/network/get-downline-report';
import { addMemberToNetwork } from '../../src/server/services/network/place-member';
import { resolveOperatorSession } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
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

describe('typed pages seek from kept marks of the order (anchors, ADR 0018)', () => {
  /** Marks every 7 rows: on the demo's few hundred members most typed pages go through one. */
  const K = 7;

  /** Every typed page of `me`'s report, compared with the old offset order. */
  async function everyPageEqualsOldOrder(me: Me): Promise<void> {
    const all = await oldOrder(me);
    const pages = Math.ceil(all.length / 20);
    for (let page = 1; page <= pages; page++) {
      const report = await getDownlineReport(me, { page, pageSize: 20 }, K);
      expect(ids(report), `${me.idMember} page ${page}`).toEqual(all.slice((page - 1) * 20, page * 20));
    }
  }

  /** Kept marks that are not the key of the row at their position in a recount of their downline. */
  async function markMismatches(): Promise<string[]> {
    const rows = await selectRows<{ bad: string }>(
      await getDb(),
      sql`
      select r.id_member || '@' || a.pos as bad from downline_anchors a join members r on r.id = a.root_id
        left join lateral (select d.tgl_join, d.id from members d where d.path > r.path and d.path < r.path || '2'
          order by d.tgl_join, d.id offset a.pos limit 1) d on true
      where d.id is null or (a.tgl_join, a.member_id) <> (d.tgl_join, d.id)`,
    );
    return rows.map((r) => r.bad);
  }

  const marksOf = async (rootId: number) =>
    (await selectRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from downline_anchors where root_id = ${rootId}`))[0]!.n;

  const join = (sponsorId: number, n: number, tglJoin: string) =>
    inTransaction((tx) =>
      addMemberToNetwork(tx, {
        sponsorId,
        sisi: n % 2 ? 'L' : 'R',
        posisi: 'BRONZE',
        username: `anchor${n}x${Date.now().toString(36)}`,
        nama: `Member Jangkar ${n}`,
        email: `anchor${n}@contoh.id`,
        phone: '6281100000000',
        passwordHash: 'x',
        tglJoin,
      }),
    );

  it('every typed page equals the old order, and the marks equal a recount as members join and move', async () => {
    const root = await sessionOf('demoplatinum');
    const total = (await oldOrder(root)).length;
    expect(total).toBeGreaterThan(100);
    expect(await marksOf(root.id)).toBe(0);
    await everyPageEqualsOldOrder(root);
    // The marks were counted once, every K rows of the whole downline, and are exact.
    expect(await marksOf(root.id)).toBe(Math.floor((total - 1) / K));
    expect(await markMismatches()).toEqual([]);

    // A registration paid today joins at the newest end: every mark stays.
    await join(root.id, 1, today());
    expect(await marksOf(root.id)).toBe(Math.floor((total - 1) / K));
    expect(await markMismatches()).toEqual([]);
    await everyPageEqualsOldOrder(root);

    // A registration paid late joins on an older day, before rows already there: the marks after it are forgotten.
    const [middle] = await selectRows<{ tgl_join: string }>(
      await getDb(),
      sql`select tgl_join::text as tgl_join from members where id > 1 order by tgl_join, id offset ${Math.floor(total / 2)} limit 1`,
    );
    await join(root.id, 2, middle!.tgl_join);
    expect(await marksOf(root.id)).toBeLessThan(Math.floor((total + 1) / K));
    expect(await markMismatches()).toEqual([]);
    await everyPageEqualsOldOrder(root);
    expect(await marksOf(root.id)).toBe(Math.floor((total + 1) / K));
    expect(await markMismatches()).toEqual([]);

    // A placement correction moves a leaf out of some downlines into others (marks of the two deepest big ones kept first).
    const candidates = await selectRows<{ id_member: string; username: string; path: string; sponsor_path: string }>(
      await getDb(),
      sql`
      select m.id_member, m.username, m.path, s.path as sponsor_path from members m join members s on s.id = m.sponsor_id
      where m.id > 20 and m.jumlah_child_kiri + m.jumlah_child_kanan = 0 order by m.id limit 40`,
    );
    const mover = candidates.find((l) => candidates.some((o) => o.id_member !== l.id_member && o.path.startsWith(l.sponsor_path)))!;
    const target = candidates.find((o) => o.id_member !== mover.id_member && o.path.startsWith(mover.sponsor_path))!;
    const ancestors = await selectRows<{ username: string }>(
      await getDb(),
      sql`select username from members where (${mover.path} like path || '_%' or ${target.path} like path || '_%')
          and jumlah_child_kiri + jumlah_child_kanan > 50 and id > 1 order by depth desc limit 2`,
    );
    const viewers = [root, ...(await Promise.all(ancestors.map((a) => sessionOf(a.username))))];
    for (const v of viewers) await everyPageEqualsOldOrder(v);
    const { token } = await signInOperator({ username: 'superadmin', password: DEMO_OPERATOR_PASSWORD }, { address: 'anchor-test' });
    await movePlacement((await resolveOperatorSession(token))!, mover.id_member, {
      upline: target.id_member,
      sisi: 'L',
      alasan: 'Salah penempatan',
    });
    expect(await markMismatches()).toEqual([]);
    for (const v of viewers) await everyPageEqualsOldOrder(v);
    expect(await markMismatches()).toEqual([]);
  }, 120_000);
});
