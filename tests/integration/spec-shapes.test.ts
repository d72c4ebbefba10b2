// @template year — bonuses, payouts and orders of the demo year

import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentFee } from '../../src/lib/order/fees';
import { defaultRange } from '../../src/lib/report-range';
import { GET as bonusEndpoint } from '../../src/pages/member/bonus/index';
import { GET as payoutEndpoint } from '../../src/pages/member/bonus/payout';
import { GET as dashboardEndpoint } from '../../src/pages/member/dashboard/index';
import { GET as paymentMethodEndpoint } from '../../src/pages/member/payment-method';
import { GET as monthlyEndpoint } from '../../src/pages/member/reports/bonus-bulanan';
import { GET as dailyEndpoint } from '../../src/pages/member/reports/bonus-harian';
import { GET as omsetEndpoint } from '../../src/pages/member/reports/omset';
import { GET as redemptionEndpoint } from '../../src/pages/member/reports/redemption-statement';
import { getDb, selectRows } from '../../src/server/db/client';
import { dailyBonusReport } from '../../src/server/services/bonus/bonus-reports';
import { requestPayout } from '../../src/server/services/bonus/payouts';
import { getOrderDetail } from '../../src/server/services/order/get-order-detail';
import { memberId, sessionOf } from './helpers';

/** A minimal Astro endpoint context: what the middleware would have put in locals. */
const ctx = (member: unknown, url: string) =>
  ({
    url: new URL(url, 'http://portal.test'),
    request: new Request(new URL(url, 'http://portal.test')),
    params: {},
    locals: { member },
  }) as unknown as APIContext;
const json = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()).result;
};

describe('the spec’s data shapes (spec/000 §3, spec/001 §3)', () => {
  it('GET /member/bonus rows carry payout {status} and the detail array of their type under its own name', async () => {
    const member = await sessionOf('demoplatinum');
    const db = await getDb();
    // One of the member's unpaid bonuses goes into a payout, so at least one row has a payout.
    const [free] = await selectRows<{ public_id: string; tanggal: string }>(
      db,
      sql`
      select b.public_id::text as public_id, b.tanggal::text as tanggal from bonuses b
      where b.member_id = ${member.id} and b.payout_id is null and b.status_transfer = 'PENDING' order by b.tanggal desc limit 1`,
    );
    expect(free).toBeDefined();
    await requestPayout(member, [free!.public_id]).catch(() => undefined);
    const filter = encodeURIComponent(JSON.stringify({ tanggal: { between: ['2000-01-01', '2999-12-31'] } }));
    const result = await json(await bonusEndpoint(ctx(member, `/member/bonus?page_size=100&filter=${filter}`)));
    expect(result.rows.length).toBeGreaterThan(0);
    const names = {
      SPONSOR: 'bonus_sponsors',
      RO: 'bonus_ros',
      'RO-SPONSOR': 'bonus_ro_sponsorings',
      PAIR: 'bonus_pairs',
      PASSUP: 'bonus_pass_ups',
    } as Record<string, string>;
    for (const row of result.rows) {
      for (const [jenis, name] of Object.entries(names)) {
        expect(Array.isArray(row[name]), name).toBe(true);
        if (jenis !== row.jenis_bonus) expect(row[name]).toEqual([]);
      }
      expect(row[names[row.jenis_bonus]!]).toEqual(row.detail);
      expect(row.payout === null || typeof row.payout.status === 'string').toBe(true);
    }
    const inPayout = await selectRows<{ public_id: string; status: string }>(
      db,
      sql`
      select b.public_id::text as public_id, p.status from bonuses b join payouts p on p.id = b.payout_id where b.member_id = ${member.id}`,
    );
    expect(inPayout.length).toBeGreaterThan(0);
    for (const { public_id, status } of inPayout) {
      const row = result.rows.find((r: { public_id: string }) => r.public_id === public_id);
      if (row) expect(row.payout).toEqual({ status });
    }
  });

  it('GET /member/bonus and the report calls without a filter use the spec’s default ranges', async () => {
    const member = await sessionOf('demoplatinum');
    const last30 = defaultRange('last30');
    const monthToDate = defaultRange('monthToDate');
    const bonus = await json(await bonusEndpoint(ctx(member, '/member/bonus')));
    const [{ n }] = await selectRows<{ n: number }>(
      await getDb(),
      sql`
      select count(*)::int as n from bonuses where member_id = ${member.id} and tanggal between ${last30.from}::date and ${last30.to}::date`,
    );
    expect(bonus.total_count).toBe(n);
    expect(bonus.rows.every((r: { tanggal: string }) => r.tanggal >= last30.from && r.tanggal <= last30.to)).toBe(true);

    const daily = await json(await dailyEndpoint(ctx(member, '/member/reports/bonus-harian')));
    expect(daily).toEqual(JSON.parse(JSON.stringify(await dailyBonusReport(member, monthToDate.from, monthToDate.to))));
    for (const path of ['/member/reports/bonus-bulanan', '/member/reports/omset', '/member/reports/redemption-statement']) {
      const endpoint = {
        '/member/reports/bonus-bulanan': monthlyEndpoint,
        '/member/reports/omset': omsetEndpoint,
        '/member/reports/redemption-statement': redemptionEndpoint,
      }[path]!;
      expect((await endpoint(ctx(member, path))).status, path).toBe(200);
    }
    // Only one end given is still a 400 in Indonesian.
    const half = await dailyEndpoint(ctx(member, '/member/reports/bonus-harian?from=2026-01-01'));
    expect(half.status).toBe(400);
    expect((await half.json()).message).toBe('Rentang tanggal harus diisi lengkap');
  });

  it('GET /member/dashboard carries the downline chart: childKiri, childKanan, downline', async () => {
    const member = await sessionOf('demoplatinum');
    const result = await json(await dashboardEndpoint(ctx(member, '/member/dashboard')));
    const [counts] = await selectRows<{ kiri: number; kanan: number }>(
      await getDb(),
      sql`
      select jumlah_child_kiri::int as kiri, jumlah_child_kanan::int as kanan from members where id = ${member.id}`,
    );
    expect(counts!.kiri + counts!.kanan).toBeGreaterThan(0);
    expect({ childKiri: result.childKiri, childKanan: result.childKanan, downline: result.downline }).toEqual({
      childKiri: counts!.kiri,
      childKanan: counts!.kanan,
      downline: counts!.kiri + counts!.kanan,
    });
  });

  it('GET /member/bonus/payout honours search (part of the payout number)', async () => {
    const member = await sessionOf('demoplatinum');
    const all = await json(await payoutEndpoint(ctx(member, '/member/bonus/payout?page_size=100')));
    expect(all.rows.length).toBeGreaterThan(0);
    const target = all.rows[0].no as string;
    const found = await json(await payoutEndpoint(ctx(member, `/member/bonus/payout?page_size=100&search=${encodeURIComponent(target)}`)));
    expect(found.rows.map((r: { no: string }) => r.no)).toEqual([target]);
    const none = await json(await payoutEndpoint(ctx(member, '/member/bonus/payout?search=TIDAK-ADA-%25')));
    expect(none.rows).toEqual([]);
  });

  it('GET /member/payment-method carries totalBiaya, the fee on the given total', async () => {
    const member = await sessionOf('demoplatinum');
    const methods = await json(await paymentMethodEndpoint(ctx(member, '/member/payment-method?total=1000000')));
    expect(methods.length).toBeGreaterThan(0);
    for (const m of methods) expect(m.totalBiaya).toBe(paymentFee(m, 1_000_000));
    const card = methods.find((m: { name: string }) => m.name === 'credit_card');
    expect(card.totalBiaya).toBeGreaterThan(29_000);
  });

  it('every order carries the buyer fields of spec/001 §3: the ordering member’s, or the prospect’s on a registration', async () => {
    const db = await getDb();
    const owner = await sessionOf(memberId(270));
    const orders = await selectRows<{ public_id: string; jenis_order: string }>(
      db,
      sql`
      select distinct on (jenis_order) public_id::text as public_id, jenis_order from orders where member_id = ${owner.id} order by jenis_order, id`,
    );
    expect(orders.map((o) => o.jenis_order)).toContain('ro');
    const [me] = await selectRows<{
      nama: string;
      nomor_identitas: string | null;
      jenis_kelamin: string | null;
      phone: string;
      email: string;
      kota: string | null;
      propinsi: string | null;
    }>(
      db,
      sql`
      select m.nama, m.nomor_identitas, m.jenis_kelamin, m.phone, m.email, r.name as kota, p.name as propinsi
      from members m left join regencies r on r.code = m.kota_domisili left join provinces p on p.code = m.propinsi_domisili where m.id = ${owner.id}`,
    );
    for (const { public_id, jenis_order } of orders) {
      const d = await getOrderDetail(owner, public_id);
      for (const key of ['nama', 'nomor_identitas', 'jenis_kelamin', 'phone', 'email', 'kota_domisili', 'propinsi_domisili'])
        expect(d, `${jenis_order}.${key}`).toHaveProperty(key);
      if (jenis_order === 'reg') {
        expect(d.nama).toBe(d.member!.nama);
        expect(d.nomor_identitas).toBe(d.member!.nomor_identitas);
      } else {
        expect({
          nama: d.nama,
          nomor_identitas: d.nomor_identitas,
          jenis_kelamin: d.jenis_kelamin,
          phone: d.phone,
          email: d.email,
          kota: d.kota_domisili?.nama ?? null,
          propinsi: d.propinsi_domisili?.nama ?? null,
        }).toEqual(me);
        expect(d.buyer).toMatchObject({ nama: me!.nama, nomor_identitas: me!.nomor_identitas, jenis_kelamin: me!.jenis_kelamin });
      }
    }
  });
});

describe('dashboard promos', () => {
  it('a promo whose period has ended is offered only while the member can still claim in it', async () => {
    const { listDashboardPromos } = await import('../../src/server/services/promo/list-dashboard-promos');
    const db = await getDb();
    const member = await sessionOf('demoplatinum');
    const before = await listDashboardPromos(member);
    const active = before.rewards.filter((p) => p.periode_status === 'active');
    expect(active.length).toBeGreaterThan(0);
    // The demo has both kinds: some the member can claim now, some not.
    expect(active.some((p) => !p.can_claim)).toBe(true);
    const ids = active.map((p) => p.public_id);
    const saved = await selectRows<{ public_id: string; periode_akhir: string; batas_klaim: string }>(
      db,
      sql`
      select public_id::text as public_id, periode_akhir::text as periode_akhir, batas_klaim::text as batas_klaim
      from promos where public_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    // End every one of them yesterday, with the claim deadline still ahead.
    await db.execute(sql`update promos set periode_akhir = (now() at time zone 'Asia/Jakarta')::date - 1,
      batas_klaim = (now() at time zone 'Asia/Jakarta')::date + 10 where public_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    try {
      const after = await listDashboardPromos(member);
      for (const p of before.rewards.filter((r) => ids.includes(r.public_id))) {
        const listed = after.rewards.find((r) => r.public_id === p.public_id);
        if (p.can_claim) expect(listed?.periode_status, p.nama).toBe('deactive');
        else expect(listed, p.nama).toBeUndefined();
      }
    } finally {
      for (const row of saved) {
        await db.execute(
          sql`update promos set periode_akhir = ${row.periode_akhir}::date, batas_klaim = ${row.batas_klaim}::date where public_id = ${row.public_id}::uuid`,
        );
      }
    }
  });
});
