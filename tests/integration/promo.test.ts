// @template year — the demo's promos, omsets and claims

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { claimPromo } from '../../src/server/services/promo/claim-promo';
import { getPromo } from '../../src/server/services/promo/get-promo';
import { listDashboardPromos } from '../../src/server/services/promo/list-dashboard-promos';
import { listPromoOptions } from '../../src/server/services/promo/list-promo-options';
import { recordAllPromoOmsets, recordPromoOmsets } from '../../src/server/services/promo/record-promo-omsets';
import { sessionOf } from './helpers';

/** A promo made for one test, over the whole demo history, with its omsets built by the same rule as the seed. */
async function testPromo(
  nama: string,
  opts: { syaratPoin?: number; syaratNominal?: number; kelipatan: boolean; minPosisi?: string; status?: number },
) {
  const db = await getDb();
  const [promo] = await selectRows<{ id: number; public_id: string }>(
    db,
    sql`
    insert into promos (nama, reward, periode_awal, periode_akhir, batas_klaim, syarat_poin, syarat_nominal, kelipatan, min_posisi, status)
    values (${nama}, 'Hadiah uji', current_date - 1000, current_date + 10, current_date + 20, ${opts.syaratPoin ?? null}, ${opts.syaratNominal ?? null},
      ${opts.kelipatan}, ${opts.minPosisi ?? 'BRONZE'}, ${opts.status ?? 1})
    returning id::int as id, public_id::text as public_id`,
  );
  await recordAllPromoOmsets(db, promo!.id);
  return promo!;
}

/** The members with the most poin in a promo, richest first (generated members, not the README logins). */
async function earners(promoId: number) {
  const db = await getDb();
  return selectRows<{ id_member: string; poin: number; n: number }>(
    db,
    sql`
    select m.id_member, sum(po.poin)::float8 as poin, count(*)::int as n from promo_omsets po join members m on m.id = po.member_id
    where po.promo_id = ${promoId} and m.id > 5 group by m.id_member order by 2 desc, 1`,
  );
}

describe('promo omsets', () => {
  it('a paid order is recorded once per covering promo, for the right sponsor; again records nothing; unpaid orders none', async () => {
    const db = await getDb();
    const promo = await testPromo('Uji Omset', { syaratPoin: 5, kelipatan: true });
    for (const jenis of ['reg', 'upg', 'ro'] as const) {
      const [order] = await selectRows<{ id: number; total_bv: number; total_harga: number; earner: number }>(
        db,
        sql`
        select o.id::int as id, o.total_bv, o.total_harga::float8 as total_harga,
          (case when o.jenis_order = 'reg' then nm.sponsor_id else b.sponsor_id end)::int as earner
        from orders o join members b on b.id = o.member_id left join members nm on nm.id = o.new_member_id
        where o.jenis_order = ${jenis} and o.paid_at is not null and b.sponsor_id is not null and o.total_bv > 0 order by o.id desc limit 1`,
      );
      await db.execute(sql`delete from promo_omsets where order_id = ${order!.id}`);
      const [{ covering }] = (await selectRows<{ covering: number }>(
        db,
        sql`
        select count(*)::int as covering from promos p, orders o
        where o.id = ${order!.id} and (o.paid_at at time zone 'Asia/Jakarta')::date between p.periode_awal and p.periode_akhir`,
      )) as [{ covering: number }];
      expect(await inTransaction((tx) => recordPromoOmsets(tx, order!.id))).toBe(covering);
      expect(await inTransaction((tx) => recordPromoOmsets(tx, order!.id))).toBe(0);
      const rows = await selectRows<{ member_id: number; poin: number; nominal: number; jenis_order: string }>(
        db,
        sql`
        select member_id::int as member_id, poin::float8 as poin, nominal::float8 as nominal, jenis_order from promo_omsets
        where order_id = ${order!.id} and promo_id = ${promo.id}`,
      );
      expect(rows).toEqual([{ member_id: order!.earner, poin: order!.total_bv / 4, nominal: order!.total_harga, jenis_order: jenis }]);
    }
    const [pending] = await selectRows<{ id: number }>(db, sql`select id::int as id from orders where status_order = 'PENDING' limit 1`);
    expect(await inTransaction((tx) => recordPromoOmsets(tx, pending!.id))).toBe(0);
    // The unique key, not only the code, keeps an order to one row per promo.
    await expect(
      db.execute(sql`insert into promo_omsets (promo_id, member_id, order_id, tanggal, poin, nominal, jenis_order)
      select promo_id, member_id, order_id, tanggal, poin, nominal, jenis_order from promo_omsets where promo_id = ${promo.id} limit 1`),
    ).rejects.toThrow();
  });

  it('inside the PAID transaction, a pending repeat order becomes rows of every promo running today, for the buyer’s sponsor', async () => {
    const db = await getDb();
    const [order] = await selectRows<{ id: number; sponsor_id: number; total_bv: number }>(
      db,
      sql`
      select o.id::int as id, b.sponsor_id::int as sponsor_id, o.total_bv from orders o join members b on b.id = o.member_id
      where o.status_order = 'PENDING' and o.jenis_order = 'ro' and b.sponsor_id is not null order by o.id limit 1`,
    );
    const inserted = await inTransaction(async (tx) => {
      await tx.execute(sql`update orders set status_order = 'PAID', paid_at = now() where id = ${order!.id}`);
      return recordPromoOmsets(tx, order!.id);
    });
    const [{ running }] = (await selectRows<{ running: number }>(
      db,
      sql`
      select count(*)::int as running from promos where (now() at time zone 'Asia/Jakarta')::date between periode_awal and periode_akhir`,
    )) as [{ running: number }];
    expect(running).toBeGreaterThan(3);
    expect(inserted).toBe(running);
    const rows = await selectRows<{ member_id: number; poin: number; claim_by: number | null }>(
      db,
      sql`
      select distinct member_id::int as member_id, poin::float8 as poin, claim_by from promo_omsets where order_id = ${order!.id}`,
    );
    expect(rows).toEqual([{ member_id: order!.sponsor_id, poin: order!.total_bv / 4, claim_by: null }]);
  });

  it('the demo omsets follow the rule: the sponsor earns, inside the period, from paid orders only', async () => {
    const db = await getDb();
    const [bad] = await selectRows<{ wrong_earner: number; outside: number; unpaid: number; total: number }>(
      db,
      sql`
      select count(*) filter (where po.member_id is distinct from (case when o.jenis_order = 'reg' then o.member_id else b.sponsor_id end))::int as wrong_earner,
        count(*) filter (where (o.paid_at at time zone 'Asia/Jakarta')::date not between p.periode_awal and p.periode_akhir)::int as outside,
        count(*) filter (where o.paid_at is null or o.status_order in ('PENDING', 'CANCEL', 'EXPIRED'))::int as unpaid,
        count(*)::int as total
      from promo_omsets po join orders o on o.id = po.order_id join members b on b.id = o.member_id join promos p on p.id = po.promo_id`,
    );
    expect(bad).toMatchObject({ wrong_earner: 0, outside: 0, unpaid: 0 });
    expect(bad!.total).toBeGreaterThan(100);
  });
});

describe('promo claims', () => {
  it('demoplatinum claims the voucher once: the rows it used are marked, the cards and history change', async () => {
    const me = await sessionOf('demoplatinum');
    const [voucher] = (await listPromoOptions(me, 'active')).filter((o) => o.nama === 'Voucher Belanja Sponsor');
    const before = await getPromo(me, voucher!.public_id);
    expect(before).toMatchObject({ is_qualified: true, member_bisa_klaim: 1, total_claimed: 0, claims: [] });
    expect(before.progress.can_claim).toBe(true);
    const result = await claimPromo(me, voucher!.public_id);
    expect(result.message).toBe('claim berhasil');
    const after = await getPromo(me, voucher!.public_id);
    expect(after.total_claimed).toBe(1);
    const [claim] = after.claims;
    expect(claim!.no).toBe(result.no);
    expect(claim!.no).toMatch(/^CLM-\d{8}-\d{7}$/);
    // Exactly the threshold, from the oldest rows (the last one possibly in part).
    expect(claim!.nominal_claimed).toBe(500_000);
    expect(claim!.details.reduce((s, d) => s + d.nominal, 0)).toBe(500_000);
    expect(after.progress.unclaimed).toBe(before.progress.unclaimed - claim!.nominal_claimed);
    expect(after.progress.claimable).toBe(Math.floor(after.progress.unclaimed / 500_000));
  });

  it('twenty simultaneous claims of a promo without multiples make exactly one claim', async () => {
    const promo = await testPromo('Uji Sekali', { syaratPoin: 1, kelipatan: false });
    const [top] = await earners(promo.id);
    const me = await sessionOf(top!.id_member);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => claimPromo(me, promo.public_id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('Promo telah diklaim, tidak berlaku kelipatan');
    const view = await getPromo(me, promo.public_id);
    expect(view.total_claimed).toBe(1);
    expect(view.progress.can_claim).toBe(false);
  });

  it('simultaneous claims with multiples each take exactly the threshold (a row in part), as many as “Bisa diklaim Nx” said', async () => {
    const db = await getDb();
    const promo = await testPromo('Uji Kelipatan', { syaratPoin: 2, kelipatan: true });
    const [top] = await earners(promo.id);
    const me = await sessionOf(top!.id_member);
    // Each claim takes exactly the threshold (the last row in part): floor(total / 2) claims.
    const [total] = await selectRows<{ poin: number }>(
      db,
      sql`
      select sum(poin)::float8 as poin from promo_omsets where promo_id = ${promo.id} and member_id = ${me.id}`,
    );
    const expected = Math.floor(total!.poin / 2);
    expect(expected).toBeGreaterThan(1);
    expect((await getPromo(me, promo.public_id)).progress.claimable).toBe(expected);
    const results = await Promise.allSettled(Array.from({ length: expected + 5 }, () => claimPromo(me, promo.public_id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(expected);
    const claims = await selectRows<{ id: number; poin_claimed: number; used: number; n: number }>(
      db,
      sql`
      select c.id::int as id, c.poin_claimed::float8 as poin_claimed, coalesce(sum(u.poin), 0)::float8 as used, count(u.omset_id)::int as n
      from promo_claims c left join promo_claim_omsets u on u.claim_id = c.id
      where c.promo_id = ${promo.id} group by c.id`,
    );
    expect(claims).toHaveLength(expected);
    for (const c of claims) {
      expect(c.used).toBe(c.poin_claimed);
      expect(c.used).toBe(2);
    }
    const [{ foreign }] = (await selectRows<{ foreign: number }>(
      db,
      sql`
      select count(*)::int as foreign from promo_omsets po join promo_claims c on c.id = po.claim_by where po.member_id <> c.member_id`,
    )) as [{ foreign: number }];
    expect(foreign).toBe(0);
  });

  it('a member sees only their own rows; the unqualified, a hidden promo and a bad id are refused and change nothing', async () => {
    const db = await getDb();
    const promo = await testPromo('Uji Privasi', { syaratPoin: 1, kelipatan: true, minPosisi: 'SILVER' });
    const [a, b] = await earners(promo.id);
    const memberA = await sessionOf(a!.id_member);
    const memberB = await sessionOf(b!.id_member);
    const viewB = await getPromo(memberB, promo.public_id);
    const [{ ids }] = (await selectRows<{ ids: number[] }>(
      db,
      sql`
      select coalesce(array_agg(id::int), '{}') as ids from promo_omsets where promo_id = ${promo.id} and member_id = ${memberA.id}`,
    )) as [{ ids: number[] }];
    expect(ids.length).toBeGreaterThan(0);
    expect(viewB.omsets.some((o) => ids.includes(o.id))).toBe(false);
    expect(viewB.totals.count).toBe(b!.n);

    const [bronze] = await selectRows<{ id_member: string }>(
      db,
      sql`
      select m.id_member from members m join promo_omsets po on po.member_id = m.id
      where po.promo_id = ${promo.id} and m.posisi = 'BRONZE' and m.id > 5 group by m.id_member having sum(po.poin) >= 1 limit 1`,
    );
    const low = await sessionOf(bronze!.id_member);
    expect((await getPromo(low, promo.public_id)).is_qualified).toBe(false);
    await expect(claimPromo(low, promo.public_id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Anda tidak memenuhi kualifikasi untuk promo ini',
    });

    const hidden = await testPromo('Uji Draf', { syaratPoin: 1, kelipatan: true, status: 0 });
    await expect(getPromo(memberA, hidden.public_id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Promo tidak ditemukan' });
    await expect(claimPromo(memberA, hidden.public_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(claimPromo(memberA, 'bukan-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listPromoOptions(memberA)).some((o) => o.public_id === hidden.public_id)).toBe(false);
    const [{ n }] = (await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from promo_claims where promo_id in (${promo.id}, ${hidden.id})`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('the dashboard list labels Sudah Ambil, claimable and Belum Mencapai, and the Trip card claim needs a claimable trip', async () => {
    const silver = await sessionOf('demosilver');
    const dash = await listDashboardPromos(silver);
    const byName = (nama: string) => [...dash.rewards, ...dash.trips].find((p) => p.nama === nama)!;
    expect(byName('Reward Logam Mulia GOLD 1 Gram').state).toBe('sudah-ambil');
    expect(byName('Reward Smartphone').state).toBe('claimable');
    expect(byName('Trip Bali 3H2M').public_id).toBe(dash.trip_claim);
    const bronze = await listDashboardPromos(await sessionOf('demobronze'));
    expect(bronze.trips.find((p) => p.nama === 'Trip Bali 3H2M')!.state).toBe('belum-mencapai');
    expect(bronze.trip_claim).toBeNull();
    // A finished trip whose claim window closed is not on the dashboard.
    expect(dash.trips.some((p) => p.nama === 'Trip Singapura')).toBe(false);
  });
});
