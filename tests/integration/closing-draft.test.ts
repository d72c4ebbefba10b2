// @template year — days after the demo year, closed as drafts and approved
/**
 * Issue #26: the day's closing is a draft until KEUANGAN approves it (COMP_PLAN.md "Commission
 * control"); nothing of a draft is payable; four-eyes; recomputation; auto-approval by the scheduler.
 */

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, jakartaDate } from '../../src/lib/calendar';
import { closeCommand } from '../../src/server/commands/close';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { discardDraftClosing } from '../../src/server/db/queries/closing-drafts';
import { CLOSING_MESSAGES } from '../../src/server/domain/closing-status';
import { approveClosing } from '../../src/server/services/bonus/approve-closing';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { listDraftClosings } from '../../src/server/services/bonus/closing-drafts';
import { BONUS_TAKEN, listUnpaidBonuses, requestPayout } from '../../src/server/services/bonus/payouts';
import { recomputeClosing } from '../../src/server/services/bonus/recompute-closing';
import { addMemberToNetwork } from '../../src/server/services/network/place-member';
import { type Actor, ROLE_REFUSED } from '../../src/server/services/operator/assert-role';
import { runDueJobs } from '../../src/server/services/scheduler/start-scheduler';
import { forgetSettingsCache } from '../../src/server/services/settings';
import { sessionOf } from './helpers';

const today = jakartaDate();
const yesterday = addDays(today, -1);

async function operator(username: string): Promise<Actor> {
  const [op] = await selectRows<{ id: number; nama: string; role: 'KEUANGAN' | 'CS' }>(
    await getDb(),
    sql`select id::int as id, nama, role from operators where username = ${username}`,
  );
  return op!;
}

/** A new member under `sponsor` whose registration (BV 4) was paid at `paidAt`. */
async function paidRegistration(sponsor: string, username: string, paidAt: string): Promise<void> {
  const db = await getDb();
  const [s] = await selectRows<{ id: number }>(db, sql`select id::int as id from members where username = ${sponsor}`);
  await inTransaction(async (tx) => {
    const m = await addMemberToNetwork(tx, {
      sponsorId: s!.id,
      sisi: 'R',
      username,
      nama: `Uji ${username}`,
      email: `${username}@contoh.id`,
      phone: '628',
      posisi: 'PLATINUM',
      passwordHash: 'x',
      tglJoin: paidAt.slice(0, 10),
    });
    await tx.execute(sql`insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi, sisi, new_member_id, total_bv, total_harga, total_bayar)
      values (${`ORD-${username}`}, ${`INV-${username}`}, ${s!.id}, 'reg', 'PAID', now(), now(), ${paidAt}::timestamptz, 'PLATINUM', 'R', ${m.id}, 4, 1400000, 1400000)`);
  });
}

const closedDay = async (tanggal: string) => {
  const [row] = await selectRows<{
    status: string;
    dibuat_oleh: number | null;
    disetujui_oleh: number | null;
    disetujui_nama: string | null;
  }>(
    await getDb(),
    sql`select status, dibuat_oleh::int as dibuat_oleh, disetujui_oleh::int as disetujui_oleh, disetujui_nama from closed_days where tanggal = ${tanggal}::date`,
  );
  return row;
};

const sponsorBonusOf = async (username: string, tanggal: string) => {
  const [row] = await selectRows<{ public_id: string; bonus_bruto: string; payout_id: number | null }>(
    await getDb(),
    sql`select b.public_id::text as public_id, b.bonus_bruto::text as bonus_bruto, b.payout_id::int as payout_id
      from bonuses b join members m on m.id = b.member_id where m.username = ${username} and b.tanggal = ${tanggal}::date and b.jenis_bonus = 'SPONSOR'`,
  );
  return row;
};

const audits = async (action: string, tanggal: string) =>
  selectRows<{ operator_nama: string }>(
    await getDb(),
    sql`select operator_nama from audit_log where action = ${action} and object = ${`hari:${tanggal}`} order by id`,
  );

describe('the day’s closing as a draft (four-eyes)', () => {
  it('the demo history is approved; yesterday is the scheduler’s draft, not payable until approved', async () => {
    expect(await closedDay(addDays(yesterday, -1))).toMatchObject({ status: 'APPROVED' });
    expect(await closedDay(yesterday)).toMatchObject({ status: 'DRAFT', dibuat_oleh: null });
    const [payable] = await selectRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from bonuses b where b.tanggal = ${yesterday}::date and b.payout_id is not null`,
    );
    expect(payable!.n).toBe(0);
    // A scheduler draft may be approved by any KEUANGAN operator.
    await approveClosing(await operator('keuangan'), yesterday);
    expect(await closedDay(yesterday)).toMatchObject({ status: 'APPROVED' });
  });

  it('a closed day is a draft: its bonuses are not payable, not in a payout or a batch, until a second operator approves it', async () => {
    const keuangan = await operator('keuangan');
    const keuangan2 = await operator('keuangan2');
    const cs = await operator('cs');
    await paidRegistration('demosilver', 'ujidraft', new Date().toISOString());
    // Paid yesterday after yesterday was closed: counted by today's closing (the reconciliation below).
    await paidRegistration('demosilver', 'ujitelat', `${yesterday}T12:00:00+07:00`);
    await closeDay(today, undefined, keuangan);
    expect(await closedDay(today)).toMatchObject({ status: 'DRAFT', dibuat_oleh: keuangan.id, disetujui_oleh: null });

    // A verified bank, so a refusal below is about the bonus, not the account.
    await (await getDb()).execute(sql`update members set status_rekening = 'VERIFIED' where username = 'demosilver'`);
    const silver = await sessionOf('demosilver');
    const bonus = (await sponsorBonusOf('demosilver', today))!;
    expect(bonus.bonus_bruto).toBe(String(2 * 4 * 100_000));
    expect((await listUnpaidBonuses(silver)).map((b) => b.public_id)).not.toContain(bonus.public_id);
    await expect(requestPayout(silver, [bonus.public_id])).rejects.toMatchObject({ code: 'CONFLICT', message: BONUS_TAKEN });
    // A payout of everything payable leaves the draft's bonus out (so no bank batch can carry it).
    const payable = (await listUnpaidBonuses(silver)).map((b) => b.public_id);
    if (payable.length) await requestPayout(silver, payable);
    expect((await sponsorBonusOf('demosilver', today))!.payout_id).toBeNull();

    // The console shows the draft with its totals; its maker may not approve it.
    const [draft] = await listDraftClosings(keuangan);
    expect(draft).toMatchObject({ tanggal: today, bolehDisetujui: false, bolehDihitungUlang: true });
    expect(draft!.perJenis.find((j) => j.jenis === 'SPONSOR')!.bruto).toBeGreaterThanOrEqual(800_000);
    expect((await listDraftClosings(keuangan2))[0]!.bolehDisetujui).toBe(true);
    await expect(approveClosing(keuangan, today)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CLOSING_MESSAGES.sameOperator(today),
    });
    await expect(approveClosing(cs, today)).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_REFUSED });
    expect(await closedDay(today)).toMatchObject({ status: 'DRAFT' });

    await approveClosing(keuangan2, today);
    expect(await closedDay(today)).toMatchObject({ status: 'APPROVED', disetujui_oleh: keuangan2.id, disetujui_nama: keuangan2.nama });
    expect(await audits('closing:approve', today)).toEqual([{ operator_nama: keuangan2.nama }]);
    // An approved day needs no undo: its kept pairing counters go with it.
    const [undo] = await selectRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from closing_undo_pairing where tanggal = ${today}::date`,
    );
    expect(undo!.n).toBe(0);
    expect((await listUnpaidBonuses(silver)).map((b) => b.public_id)).toContain(bonus.public_id);
    await requestPayout(silver, [bonus.public_id]);
    expect((await sponsorBonusOf('demosilver', today))!.payout_id).not.toBeNull();

    // An approved day is final.
    await expect(approveClosing(keuangan, today)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(recomputeClosing(keuangan, today)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('the reconciliation names the payment after the cut-off instead of "tanpa selisih" with two different numbers', async () => {
    const lines: string[] = [];
    expect(
      await closeCommand(
        ['--reconcile', '--from', yesterday, '--to', today],
        (l) => lines.push(l),
        () => {},
      ),
    ).toBe(0);
    const [first, second, summary] = lines;
    expect(first).toContain(`${yesterday}: `);
    expect(first).toContain('1 order (4 BV) dibayar setelah hari ini ditutup (lewat batas closing), dihitung closing berikutnya');
    // With the demo's own late ones (orders of the seed's promos and returns, paid on closed days, 0 BV).
    expect(second).toMatch(
      / \d+ order \(4 BV\) dibayar pada hari sebelumnya setelah hari itu ditutup \(lewat batas closing\), dihitung hari ini/,
    );
    expect(summary).not.toContain('tanpa selisih');
    expect(summary).toMatch(/^Rekonsiliasi 2 hari: semua BV yang dibayar terhitung; 2 hari angkanya berbeda/);
  });

  it('a draft is computed again before approval: counters restored, the new plan applied, the recomputing operator its maker', async () => {
    const db = await getDb();
    const keuangan = await operator('keuangan');
    const keuangan2 = await operator('keuangan2');
    const day = addDays(today, 1);
    await paidRegistration('demostokis', 'ujihitung', new Date().toISOString());
    const counters = async () => selectRows(db, sql`select * from member_pairing order by member_id`).then((rows) => JSON.stringify(rows));
    const annual = async () =>
      selectRows(db, sql`select * from member_annual order by member_id, periode_mulai`).then((r) => JSON.stringify(r));
    await closeDay(day, undefined, keuangan);
    const [afterFirst, annualFirst] = [await counters(), await annual()];
    expect((await sponsorBonusOf('demostokis', day))!.bonus_bruto).toBe(String(4 * 100_000));

    await db.execute(sql`insert into settings (key, value) values ('bonus_plan', '{"sponsorPerBv": 150000}'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    forgetSettingsCache();
    try {
      const again = await recomputeClosing(keuangan2, day);
      expect(again.alreadyClosed).toBe(false);
    } finally {
      await db.execute(sql`delete from settings where key = 'bonus_plan'`);
      forgetSettingsCache();
    }
    expect((await sponsorBonusOf('demostokis', day))!.bonus_bruto).toBe(String(4 * 150_000));
    // The counters moved once, not twice.
    expect(await counters()).toBe(afterFirst);
    expect(await annual()).toBe(annualFirst);
    expect(await closedDay(day)).toMatchObject({ status: 'DRAFT', dibuat_oleh: keuangan2.id });
    expect(await audits('closing:discard', day)).toEqual([{ operator_nama: keuangan2.nama }]);
    // Now keuangan2 made it: only another operator approves.
    await expect(approveClosing(keuangan2, day)).rejects.toMatchObject({ message: CLOSING_MESSAGES.sameOperator(day) });

    // Only the last closed day's draft can be computed again.
    await closeDay(addDays(day, 1));
    await expect(recomputeClosing(keuangan, day)).rejects.toMatchObject({ code: 'CONFLICT', message: CLOSING_MESSAGES.notLast(day) });
  });

  it('the scheduler approves drafts after the setting’s hours, never with 0', async () => {
    const db = await getDb();
    const days = [addDays(today, 1), addDays(today, 2)];
    const hour = 3_600_000;
    // Default 0: the job runs, approves nothing.
    await runDueJobs(new Date(Date.now() + 100 * hour));
    for (const d of days) expect(await closedDay(d)).toMatchObject({ status: 'DRAFT' });

    await db.execute(sql`insert into settings (key, value) values ('closing_auto_approve_hours', '2'::jsonb)
      on conflict (key) do update set value = excluded.value`);
    forgetSettingsCache();
    try {
      const [run] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from scheduler_runs where job = 'persetujuan-closing'`,
      );
      // The job's next slot is 15 minutes after its last run: clocks after it.
      const base = Date.now() + 101 * hour;
      await db.execute(sql`update closed_days set closed_at = ${new Date(base - hour).toISOString()}::timestamptz where status = 'DRAFT'`);
      expect((await runDueJobs(new Date(base)))['persetujuan-closing']).toBe('ran');
      for (const d of days) expect(await closedDay(d)).toMatchObject({ status: 'DRAFT' });
      expect((await runDueJobs(new Date(base + 75 * 60_000)))['persetujuan-closing']).toBe('ran');
      for (const d of days)
        expect(await closedDay(d)).toMatchObject({ status: 'APPROVED', disetujui_nama: 'Sistem (persetujuan otomatis)' });
      expect(await audits('closing:approve', days[0]!)).toEqual([{ operator_nama: 'Sistem (persetujuan otomatis)' }]);
      const [after] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from scheduler_runs where job = 'persetujuan-closing'`,
      );
      expect(after!.n).toBe(run!.n + 2);
    } finally {
      await db.execute(sql`delete from settings where key = 'closing_auto_approve_hours'`);
      forgetSettingsCache();
    }
  });

  it('a discard puts member_pairing back exactly: rows the closing created gone, every touched row as before', async () => {
    const db = await getDb();
    // Past the days the scheduler closed above.
    const day = addDays(today, 30);
    const pairing = async () => selectRows(db, sql`select * from member_pairing order by member_id`).then((r) => JSON.stringify(r));
    const [silver] = await selectRows<{ id: number }>(db, sql`select id::int as id from members where username = 'demosilver'`);
    // A new member (no pairing row yet), a repeat order of a member with a clock, and a refund of an order an earlier day counted.
    await paidRegistration('demostokis', 'ujibatal', new Date().toISOString());
    await db.execute(sql`insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga, total_bayar)
      values ('ORD-ujibatal-ro', 'INV-ujibatal-ro', ${silver!.id}, 'ro', 'PAID', now(), now(), now(), 2, 350000, 350000)`);
    await db.execute(sql`insert into order_refunds (order_id, jenis, jumlah, bv, ditetapkan_at)
      select id, 'refund', total_bayar, total_bv, now() from orders where no_order = 'ORD-ujidraft'`);
    const before = await pairing();
    const [had] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from member_pairing`);

    expect((await closeDay(day, undefined, await operator('keuangan'))).alreadyClosed).toBe(false);
    const [created] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from member_pairing`);
    expect(created!.n).toBe(had!.n + 1);
    const [kept] = await selectRows<{ n: number; absent: number }>(
      db,
      sql`select coalesce(sum(cardinality(member_id)), 0)::int as n, coalesce(sum(cardinality(absent)), 0)::int as absent
        from closing_undo_pairing where tanggal = ${day}::date`,
    );
    // Only the members the day touched are kept, not the whole table.
    expect(kept!.absent).toBe(1);
    expect(kept!.n).toBeGreaterThan(1);
    expect(kept!.n).toBeLessThan(had!.n);
    expect(await pairing()).not.toBe(before);

    await inTransaction((tx) => discardDraftClosing(tx, day));
    expect(await pairing()).toBe(before);
    expect(await closedDay(day)).toBeUndefined();
    const [left] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from closing_undo_pairing where tanggal = ${day}::date`,
    );
    expect(left!.n).toBe(0);
  });

  it('a draft closing’s auto-withdraw leaves the day’s own bonuses alone', async () => {
    const db = await getDb();
    const day = addDays(today, 31);
    const [gold] = await selectRows<{ id: number }>(db, sql`select id::int as id from members where username = 'demostokis'`);
    await db.execute(sql`update members set auto_widraw = true, status_rekening = 'VERIFIED' where id = ${gold!.id}`);
    await paidRegistration('demostokis', 'ujiotomatis', new Date().toISOString());
    await closeDay(day);
    expect(await closedDay(day)).toMatchObject({ status: 'DRAFT' });
    const bonus = (await sponsorBonusOf('demostokis', day))!;
    expect(Number(bonus.bonus_bruto)).toBeGreaterThan(0);
    expect(bonus.payout_id).toBeNull();
  });
});
