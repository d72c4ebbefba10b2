// @template year — the closed days and bonuses of the demo year

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { defaultPlan } from '../../src/server/domain/bonus/plan';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { addMemberToNetwork } from '../../src/server/services/network/place-member';

const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

describe('the bonus closing', () => {
  it('the demo history was closed day by day: every row is consistent and within the caps', async () => {
    const db = await getDb();
    const [days] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from closed_days`);
    expect(days!.n).toBeGreaterThan(300);
    const [bad] = await selectRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from bonuses b join members m on m.id = b.member_id
      where b.bonus_dibayar <> b.bonus_bruto - b.pot_pph
         or (b.jenis_bonus = 'PAIR' and (b.detail -> 0 -> 'bonus_pair_details' -> 0 ->> 'jumlah_pair_dibayar')::int >
             case m.posisi when 'BRONZE' then 12 when 'SILVER' then 24 else 48 end)`,
    );
    expect(bad!.n).toBe(0);
    const [sponsor] = await selectRows<{ bruto: string; bv: string }>(
      db,
      sql`
      select (select sum(bonus_bruto) from bonuses where jenis_bonus = 'SPONSOR')::text as bruto,
        (select sum(o.total_bv) from orders o join members m on m.id = coalesce(o.new_member_id, o.member_id)
         where o.jenis_order in ('reg', 'upg') and o.paid_at is not null and o.status_order not in ('CANCEL', 'EXPIRED')
           and m.sponsor_id is not null and (o.paid_at at time zone 'Asia/Jakarta')::date < ${today}::date)::text as bv`,
    );
    // Every registration and upgrade BV paid before today earned its sponsor Rp 100.000 per BV.
    expect(Number(sponsor!.bruto)).toBe(Number(sponsor!.bv) * defaultPlan.sponsorPerBv);
  });

  it('today’s registration pays its sponsor and pass-up, feeds the uplines, and a second closing changes nothing', async () => {
    const db = await getDb();
    const [silver] = await selectRows<{ id: number }>(db, sql`select id::int as id from members where username = 'demosilver'`);
    const placed = await inTransaction(async (tx) => {
      const m = await addMemberToNetwork(tx, {
        sponsorId: silver!.id,
        sisi: 'R',
        username: 'ujiclosing',
        nama: 'Uji Closing',
        email: 'u@contoh.id',
        phone: '628',
        posisi: 'PLATINUM',
        passwordHash: 'x',
        tglJoin: today,
      });
      await tx.execute(sql`insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi, sisi, new_member_id, total_bv, total_harga, total_bayar)
        values ('ORD-UJI-1', 'INV-UJI-1', ${silver!.id}, 'reg', 'PAID', now(), now(), now(), 'PLATINUM', 'R', ${m.id}, 4, 1400000, 1400000)`);
      return m;
    });
    const before = await selectRows<{ member_id: number; kiri: number; kanan: number }>(
      db,
      sql`
      select member_id::int as member_id, jumlah_bv_kiri as kiri, jumlah_bv_kanan as kanan from member_pairing order by member_id`,
    );
    const first = await closeDay(today);
    expect(first.alreadyClosed).toBe(false);
    const rows = await selectRows<{ username: string; jenis_bonus: string; bonus_bruto: string }>(
      db,
      sql`
      select m.username, b.jenis_bonus, b.bonus_bruto::text as bonus_bruto from bonuses b join members m on m.id = b.member_id
      where b.tanggal = ${today}::date and b.jenis_bonus in ('SPONSOR', 'PASSUP') order by b.jenis_bonus`,
    );
    expect(rows).toEqual([
      { username: 'demoplatinum', jenis_bonus: 'PASSUP', bonus_bruto: String(4 * defaultPlan.passupPerBv) },
      { username: 'demosilver', jenis_bonus: 'SPONSOR', bonus_bruto: String(4 * defaultPlan.sponsorPerBv) },
    ]);
    const after = await selectRows<{ member_id: number; kiri: number; kanan: number }>(
      db,
      sql`
      select member_id::int as member_id, jumlah_bv_kiri as kiri, jumlah_bv_kanan as kanan from member_pairing order by member_id`,
    );
    const gained = after.reduce((s, r) => s + r.kiri + r.kanan, 0) - before.reduce((s, r) => s + r.kiri + r.kanan, 0);
    expect(gained).toBe(4 * placed.path.length);

    const snapshot = async () => selectRows(db, sql`select count(*)::int as n, coalesce(sum(bonus_bruto), 0)::text as s from bonuses`);
    const once = await snapshot();
    expect(await closeDay(today)).toMatchObject({ alreadyClosed: true });
    expect(await snapshot()).toEqual(once);
  });
});

describe('auto-withdraw', () => {
  it('the closing queues one payout of all unpaid bonuses for members with auto-withdraw and a verified bank', async () => {
    const { listUnpaidBonuses } = await import('../../src/server/services/bonus/payouts');
    const { sessionOf, memberWithUnpaidBonuses } = await import('./helpers');
    const db = await getDb();
    const me = await sessionOf(await memberWithUnpaidBonuses());
    const unpaid = await listUnpaidBonuses(me);
    await db.execute(sql`update members set auto_widraw = true where id = ${me.id}`);
    const tomorrow = new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    await closeDay(tomorrow);
    expect(await listUnpaidBonuses(me)).toEqual([]);
    const payouts = await selectRows<{ status: string; total_bonus: string }>(
      db,
      sql`select status, total_bonus::text as total_bonus from payouts where member_id = ${me.id}`,
    );
    expect(payouts).toEqual([{ status: 'queued', total_bonus: String(unpaid.reduce((s, b) => s + b.bonus_dibayar, 0)) }]);
  });
});

describe('the plan comes from the settings table', () => {
  it('an operator override of the sponsor bonus is what the next closing pays', async () => {
    const { forgetSettingsCache } = await import('../../src/server/services/settings');
    const db = await getDb();
    await db.execute(sql`insert into settings (key, value) values ('bonus_plan', '{"sponsorPerBv": 150000}'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    forgetSettingsCache();
    const [stokis] = await selectRows<{ id: number }>(db, sql`select id::int as id from members where username = 'demostokis'`);
    const day = new Date(Date.now() + 7 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
    await inTransaction(async (tx) => {
      const m = await addMemberToNetwork(tx, {
        sponsorId: stokis!.id,
        sisi: 'L',
        username: 'ujiplan',
        nama: 'Uji Plan',
        email: 'p@contoh.id',
        phone: '628',
        posisi: 'SILVER',
        passwordHash: 'x',
        tglJoin: day,
      });
      await tx.execute(sql`insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi, sisi, new_member_id, total_bv, total_harga, total_bayar)
        values ('ORD-UJI-PLAN', 'INV-UJI-PLAN', ${stokis!.id}, 'reg', 'PAID', now(), now(), (${day}::date + time '10:00') at time zone 'Asia/Jakarta', 'SILVER', 'L', ${m.id}, 2, 700000, 700000)`);
    });
    await closeDay(day);
    const [bonus] = await selectRows<{ bonus_bruto: string }>(
      db,
      sql`
      select bonus_bruto::text as bonus_bruto from bonuses where member_id = ${stokis!.id} and tanggal = ${day}::date and jenis_bonus = 'SPONSOR'`,
    );
    expect(bonus!.bonus_bruto).toBe(String(2 * 150_000));
    await db.execute(sql`delete from settings where key = 'bonus_plan'`);
    forgetSettingsCache();
  });
});
