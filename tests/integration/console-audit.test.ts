// @template year — paid orders, bonuses and payouts of the demo year for the overview's numbers

import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, jakartaDate } from '../../src/lib/calendar';
import { getDb, selectRows } from '../../src/server/db/client';
import { auditLog, bonuses, members, orders, payouts } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { getMemberFile } from '../../src/server/services/member-care/get-member-file';
import { consoleTrends } from '../../src/server/services/operator/console-trends';
import { AUDIT_CSV_HEADER, exportAudit } from '../../src/server/services/operator/export-audit';
import { AUDIT_PAGE_SIZE, browseAudit } from '../../src/server/services/operator/list-audit';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';

const operator = async (username: string): Promise<SessionOperator> => {
  const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `audit-test-${username}` });
  return (await resolveOperatorSession(token))!;
};
const rowsOf = async (action: string) => (await getDb()).select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Keeps the byte order mark (Response.text() would drop it).
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe('the audit trail records sign-ins and views of personal data', () => {
  it('a sign-in with the username and address, in the trail; a failure too, with the username tried and never the password', async () => {
    const before = (await rowsOf('operator:sign-in')).length;
    const gudang = await operator('gudang');
    const signIns = await rowsOf('operator:sign-in');
    expect(signIns).toHaveLength(before + 1);
    expect(signIns.at(-1)).toMatchObject({
      operatorId: gudang.id,
      operatorNama: gudang.nama,
      object: 'sign-in:gudang',
      after: { username: 'gudang', address: 'audit-test-gudang' },
    });

    await expect(signInOperator({ username: 'Gudang', password: 'tebakan-salah-77' }, { address: '198.51.100.9' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      signInOperator({ username: 'bukan.operator', password: 'tebakan-lain-88' }, { address: '198.51.100.10' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const failures = await rowsOf('operator:sign-in-failed');
    expect(failures.slice(-2)).toMatchObject([
      {
        operatorId: gudang.id,
        object: 'sign-in:gudang',
        after: { username: 'gudang', address: '198.51.100.9', alasan: 'Username atau password operator salah' },
      },
      {
        operatorId: null,
        operatorNama: 'bukan.operator',
        object: 'sign-in:bukan.operator',
        after: { username: 'bukan.operator', address: '198.51.100.10' },
      },
    ]);
    const text = JSON.stringify(failures);
    expect(text).not.toContain('tebakan-salah-77');
    expect(text).not.toContain('tebakan-lain-88');
    // No session came of the failures.
    expect(await rowsOf('operator:sign-in')).toHaveLength(before + 1);
  });

  it("each opening of a member's file by CS is recorded (who, which member), and kept out of the file's own action list", async () => {
    const cs = await operator('cs');
    const [m] = await selectRows<{ id_member: string }>(
      await getDb(),
      sql`select id_member from members where id > 20 order by id limit 1`,
    );
    await getMemberFile(cs, m!.id_member);
    const file = await getMemberFile(cs, m!.id_member);
    const views = (await rowsOf('member:view')).filter((r) => r.object === `member:${m!.id_member}`);
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ operatorId: cs.id, operatorNama: cs.nama });
    expect(file.actions.map((a) => a.action)).not.toContain('member:view');
    // A refused look is no view.
    await expect(getMemberFile(await operator('gudang'), m!.id_member)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await rowsOf('member:view')).filter((r) => r.object === `member:${m!.id_member}`)).toHaveLength(2);
  });
});

describe('the audit trail pages, filters and exports', () => {
  it('pages of 100 beyond the first, each row once; filters by operator, action, object and Jakarta day; CSV of every matching row', async () => {
    const db = await getDb();
    const total = 1234;
    // One statement: every row has the same time, so the order and the paging rest on the id as tie-break.
    await db.insert(auditLog).values(
      Array.from({ length: total }, (_, i) => ({
        operatorId: null,
        operatorNama: i % 2 ? 'Uji Ganjil' : 'Uji Genap',
        action: 'uji:paging',
        object: i === 7 ? '=HYPERLINK("x")' : `uji:${i}`,
        before: null,
        after: { i },
      })),
    );
    const superadmin = await operator('superadmin');
    const seen: number[] = [];
    let page = 1;
    for (;;) {
      const result = await browseAudit(superadmin, { action: 'uji:paging' }, page);
      expect(result.page).toBe(page);
      expect(result.rows.length).toBe(Math.min(AUDIT_PAGE_SIZE, total - (page - 1) * AUDIT_PAGE_SIZE));
      seen.push(...result.rows.map((r) => (r.after as { i: number }).i));
      if (!result.hasNext) break;
      page++;
    }
    expect(page).toBe(Math.ceil(total / AUDIT_PAGE_SIZE));
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => total - 1 - i));
    // A page past the end is empty; nonsense is the first page.
    expect((await browseAudit(superadmin, { action: 'uji:paging' }, 99)).rows).toEqual([]);
    expect((await browseAudit(superadmin, { action: 'uji:paging' }, Number('x'))).page).toBe(1);

    const odd = await browseAudit(superadmin, { action: 'uji:paging', operator: 'ganjil' }, 1);
    expect(odd.rows.every((r) => r.operatorNama === 'Uji Ganjil')).toBe(true);
    expect((await browseAudit(superadmin, { object: 'uji:123' }, 1)).rows.map((r) => r.object).sort()).toEqual([
      'uji:123',
      'uji:1230',
      'uji:1231',
      'uji:1232',
      'uji:1233',
    ]);
    // Underscore and percent are text, not wildcards.
    expect((await browseAudit(superadmin, { object: 'uji_' }, 1)).rows).toEqual([]);

    // Day range in Asia/Jakarta: 23:30 WIB belongs to its own day, 00:10 WIB to the next.
    await db.insert(auditLog).values([
      { operatorNama: 'Uji Hari', action: 'uji:hari', object: 'a', at: new Date('2020-01-01T23:30:00+07:00') },
      { operatorNama: 'Uji Hari', action: 'uji:hari', object: 'b', at: new Date('2020-01-02T00:10:00+07:00') },
    ]);
    const day = async (from?: string, to?: string) =>
      (await browseAudit(superadmin, { action: 'uji:hari', from, to }, 1)).rows.map((r) => r.object);
    expect(await day('2020-01-01', '2020-01-01')).toEqual(['a']);
    expect(await day('2020-01-02', undefined)).toEqual(['b']);
    expect(await day('2020-01-01', '2020-01-02')).toEqual(['b', 'a']);
    expect(await day('2020-13-01', undefined)).toEqual(['b', 'a']);

    const csv = await readAll(await exportAudit(superadmin, { action: 'uji:paging' }));
    expect(csv.startsWith('\ufeff')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toContain(`uji:${total - 1}`);
    expect(lines.at(-1)).toContain('uji:0,');
    // The formula guard of the one CSV writer.
    expect(lines.find((l) => l.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""x"")"`);
    const filtered = await readAll(await exportAudit(superadmin, { action: 'uji:paging', operator: 'Genap' }));
    expect(filtered.slice(1).split('\r\n').filter(Boolean)).toHaveLength(total / 2 + 1);

    for (const who of ['cs', 'keuangan']) {
      const op = await operator(who);
      await expect(browseAudit(op, {}, 1)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(exportAudit(op, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

describe('the console overview per day', () => {
  it('paid orders, revenue, new members, bonuses and completed payouts per Jakarta day match the rows counted one by one', async () => {
    const db = await getDb();
    // The window ends on the demo's newest payment, so it holds real activity.
    const [newest] = await selectRows<{ at: string | Date }>(db, sql`select max(paid_at) as at from orders`);
    const now = new Date(newest!.at);
    const to = jakartaDate(now);
    const from = addDays(to, -29);
    const superadmin = await operator('superadmin');
    const trends = await consoleTrends(superadmin, now);
    expect(trends.days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(from, i)));

    const start = new Date(`${from}T00:00:00+07:00`);
    const end = new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000);
    const expected = new Map(
      trends.days.map((d) => [d.day, { paidOrders: 0, revenue: 0, newMembers: 0, bonuses: 0, payouts: 0, paidOut: 0 }]),
    );
    for (const o of await db
      .select({ at: orders.paidAt, total: orders.totalBayar })
      .from(orders)
      .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end)))) {
      const e = expected.get(jakartaDate(o.at!))!;
      e.paidOrders++;
      e.revenue += o.total;
    }
    for (const m of await db.select({ day: members.tglJoin }).from(members)) {
      const e = expected.get(m.day);
      if (e) e.newMembers++;
    }
    for (const b of await db
      .select({ day: bonuses.tanggal, bruto: bonuses.bonusBruto })
      .from(bonuses)
      .where(and(gte(bonuses.tanggal, from), lt(bonuses.tanggal, addDays(to, 1))))) {
      expected.get(b.day)!.bonuses += b.bruto;
    }
    for (const p of await db
      .select({ at: payouts.completedAt, nominal: payouts.nominal })
      .from(payouts)
      .where(eq(payouts.status, 'completed'))) {
      const e = p.at && expected.get(jakartaDate(p.at));
      if (e) {
        e.payouts++;
        e.paidOut += p.nominal;
      }
    }
    expect(trends.days.map(({ day: _day, ...rest }) => rest)).toEqual([...expected.values()]);
    const sum = (key: 'paidOrders' | 'newMembers' | 'bonuses') => trends.days.reduce((t, d) => t + d[key], 0);
    expect(sum('paidOrders')).toBeGreaterThan(0);
    expect(sum('newMembers')).toBeGreaterThan(0);
    expect(sum('bonuses')).toBeGreaterThan(0);
    expect(trends.charts).toEqual({ orders: true, members: true, money: true });
    expect((await consoleTrends(await operator('gudang'), now)).charts).toEqual({ orders: true, members: false, money: false });
    expect((await consoleTrends(await operator('keuangan'), now)).charts).toEqual({ orders: true, members: false, money: true });
  });
});

describe('promo fulfilment', () => {
  it('KONTEN and GUDANG list the claims waiting per promo, mark one delivered once (audited), and the member sees it delivered', async () => {
    const { listClaimsToDeliver } = await import('../../src/server/services/promo/list-claims-to-deliver');
    const { deliverPromoClaim, CLAIM_ALREADY_DELIVERED } = await import('../../src/server/services/promo/deliver-promo-claim');
    const { getPromo } = await import('../../src/server/services/promo/get-promo');
    const { sessionOf } = await import('./helpers');
    const db = await getDb();
    const [claim] = await selectRows<{ public_id: string; no: string; promo: string; username: string; waiting: number }>(
      db,
      sql`
      select c.public_id::text as public_id, c.no, p.public_id::text as promo, m.username,
        (select count(*)::int from promo_claims w where w.promo_id = p.id and w.delivered_at is null) as waiting
      from promo_claims c join promos p on p.id = c.promo_id join members m on m.id = c.member_id
      where p.status = 1 order by c.id limit 1`,
    );
    expect(claim).toBeDefined();
    const gudang = await operator('gudang');
    const waiting = await listClaimsToDeliver(gudang, { promo: claim!.promo });
    expect(waiting.claims.map((c) => c.no)).toContain(claim!.no);
    expect(waiting.claims).toHaveLength(claim!.waiting);
    expect(waiting.claims.every((c) => c.promoPublicId === claim!.promo && c.deliveredAt === null)).toBe(true);

    await expect(deliverPromoClaim(await operator('cs'), claim!.public_id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await deliverPromoClaim(gudang, claim!.public_id)).toBe(`Klaim ${claim!.no} ditandai terkirim`);
    await expect(deliverPromoClaim(await operator('konten'), claim!.public_id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CLAIM_ALREADY_DELIVERED,
    });
    await expect(deliverPromoClaim(gudang, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Klaim tidak ditemukan',
    });

    const after = await listClaimsToDeliver(gudang, { promo: claim!.promo });
    expect(after.claims.map((c) => c.no)).not.toContain(claim!.no);
    const delivered = await listClaimsToDeliver(gudang, { promo: claim!.promo, terkirim: true });
    expect(delivered.claims.map((c) => [c.no, c.deliveredBy])).toEqual([[claim!.no, gudang.nama]]);
    const audit = (await rowsOf('promo:deliver')).filter((r) => r.object === `claim:${claim!.no}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: gudang.id, before: { delivered_at: null } });

    const seen = await getPromo(await sessionOf(claim!.username), claim!.promo);
    expect(seen.claims.find((c) => c.no === claim!.no)?.delivered_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });
});
