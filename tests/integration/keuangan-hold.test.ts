// @template year — members with unpaid bonuses and queued payouts

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jakartaDate } from '../../src/lib/calendar';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { npwpOnDay } from '../../src/server/db/queries/bonus-closing';
import { ADJUSTMENT_MESSAGES } from '../../src/server/domain/adjustment-status';
import { taxOnGross } from '../../src/server/domain/bonus/pph21';
import { PAYOUT_HELD_SHORT } from '../../src/server/domain/payout-status';
import { exportPayoutBatch } from '../../src/server/services/bonus/export-payout-batch';
import { listBonuses } from '../../src/server/services/bonus/list-bonuses';
import { BONUS_TAKEN, listPayouts, listUnpaidBonuses, requestPayout } from '../../src/server/services/bonus/payouts';
import { createAdjustment } from '../../src/server/services/keuangan/create-adjustment';
import { decideAdjustment } from '../../src/server/services/keuangan/decide-adjustment';
import { HOLD_MESSAGES, holdPayouts } from '../../src/server/services/keuangan/hold-payouts';
import { listAdjustments } from '../../src/server/services/keuangan/list-adjustments';
import { listHolds } from '../../src/server/services/keuangan/list-holds';
import { HOLD_NOT_LIVE, releaseHold } from '../../src/server/services/keuangan/release-hold';
import type { Actor } from '../../src/server/services/operator/assert-role';
import { issueMonthSlips } from '../../src/server/services/tax/issue-tax-slips';
import { queuedPayouts, sessionOf } from './helpers';

async function operator(username: string): Promise<Actor> {
  const [row] = await selectRows<{ id: number; nama: string; role: Actor['role'] }>(
    await getDb(),
    sql`select id::int as id, nama, role from operators where username = ${username}`,
  );
  return row!;
}

/** Generated members with a verified bank, no payout and at least Rp 100.000 unpaid, from the end of the list. */
async function earner(skip: number) {
  const [row] = await selectRows<{ id_member: string }>(
    await getDb(),
    sql`
    select m.id_member from members m join bonuses b on b.member_id = m.id
    where m.id > 5 and m.status_rekening = 'VERIFIED' and not m.is_suspended and b.payout_id is null and b.status_transfer = 'PENDING'
      and not exists (select 1 from payouts p where p.member_id = m.id)
    group by m.id_member having sum(b.bonus_dibayar) >= 100000 and count(*) >= 2 order by m.id_member desc offset ${skip} limit 1`,
  );
  return sessionOf(row!.id_member);
}

const audits = async (action: string) =>
  selectRows<{ operator_nama: string; object: string; after: unknown; before: unknown }>(
    await getDb(),
    sql`select operator_nama, object, after, before from audit_log where action = ${action} order by id`,
  );

describe('holds (console, KEUANGAN)', () => {
  it('a held bonus stays out of the member withdrawal, marked Ditahan with its reason, until released', async () => {
    const keuangan = await operator('keuangan');
    const me = await earner(0);
    const unpaid = await listUnpaidBonuses(me);
    const held = unpaid.find((b) => b.bonus_dibayar > 0)!;
    await holdPayouts({ id_member: me.idMember, bonus: held.public_id, alasan: 'Cek ulang rekrutan' }, keuangan);

    const after = await listUnpaidBonuses(me);
    expect(after.find((b) => b.public_id === held.public_id)?.ditahan).toBe('Cek ulang rekrutan');
    expect(after.filter((b) => b.public_id !== held.public_id).every((b) => b.ditahan === null)).toBe(true);
    const report = await listBonuses(me, { from: held.tanggal, to: held.tanggal, status: [], page: 1, page_size: 50 });
    expect(report.rows.find((r) => r.public_id === held.public_id)?.ditahan).toBe('Cek ulang rekrutan');

    // Asking for it anyway is refused: nothing is queued.
    await expect(
      requestPayout(
        me,
        unpaid.map((b) => b.public_id),
      ),
    ).rejects.toThrow(BONUS_TAKEN);
    expect((await listPayouts(me, { from: '2000-01-01', to: '2999-12-31', status: [], page: 1, page_size: 10 })).rows).toEqual([]);

    const { holds } = await listHolds(keuangan, me.idMember);
    const hold = holds.find((h) => h.idMember === me.idMember)!;
    expect(hold).toMatchObject({ alasan: 'Cek ulang rekrutan', ditahanOleh: keuangan.nama, jenisBonus: held.jenis_bonus });
    await releaseHold(hold.id, keuangan);
    await expect(releaseHold(hold.id, keuangan)).rejects.toThrow(HOLD_NOT_LIVE);

    const released = await listUnpaidBonuses(me);
    expect(released.every((b) => b.ditahan === null)).toBe(true);
    const { public_id } = await requestPayout(
      me,
      released.map((b) => b.public_id),
    );
    const [payout] = await selectRows<{ bonus_ids: string[] }>(
      await getDb(),
      sql`select bonus_ids from payouts where public_id = ${public_id}::uuid`,
    );
    expect(payout!.bonus_ids).toContain(held.public_id);

    expect((await audits('bonus:hold')).at(-1)).toMatchObject({
      operator_nama: keuangan.nama,
      object: `bonus:${held.public_id}`,
      after: { alasan: 'Cek ulang rekrutan' },
    });
    expect((await audits('bonus:release')).at(-1)).toMatchObject({ object: `hold:${hold.id}`, before: { alasan: 'Cek ulang rekrutan' } });
  });

  it('a held member payout is left out of a bank batch, then released and exported', async () => {
    const keuangan = await operator('keuangan');
    const nos = await queuedPayouts(2, 40);
    const db = await getDb();
    const [owner] = await selectRows<{ id_member: string }>(
      db,
      sql`select m.id_member from payouts p join members m on m.id = p.member_id where p.no = ${nos[0]!}`,
    );
    await holdPayouts({ id_member: owner!.id_member, alasan: 'Verifikasi identitas' }, keuangan);
    await expect(holdPayouts({ id_member: owner!.id_member, alasan: 'lagi' }, keuangan)).rejects.toThrow(HOLD_MESSAGES.already);

    const batch = await exportPayoutBatch(nos, keuangan);
    expect(batch.dilewati).toEqual([{ no: nos[0], alasan: PAYOUT_HELD_SHORT }]);
    expect(batch.csv).not.toContain(nos[0]!);
    expect(batch.csv).toContain(nos[1]!);
    const [still] = await selectRows<{ status: string; batch_id: number | null }>(
      db,
      sql`select status, batch_id::int as batch_id from payouts where no = ${nos[0]!}`,
    );
    expect(still).toEqual({ status: 'queued', batch_id: null });

    // A bonus already in a batch is the bank's to answer: it cannot be held.
    const [inBatch] = await selectRows<{ public_id: string; id_member: string }>(
      db,
      sql`select b.public_id::text as public_id, m.id_member from bonuses b join payouts p on p.id = b.payout_id join members m on m.id = b.member_id
          where p.no = ${nos[1]!} limit 1`,
    );
    await expect(holdPayouts({ id_member: inBatch!.id_member, bonus: inBatch!.public_id, alasan: 'Terlambat' }, keuangan)).rejects.toThrow(
      /sudah masuk batch transfer BTR-/,
    );

    const hold = (await listHolds(keuangan)).holds.find((h) => h.idMember === owner!.id_member)!;
    expect(hold.tanggal).toBeNull();
    await releaseHold(hold.id, keuangan);
    const again = await exportPayoutBatch([nos[0]!], keuangan);
    expect(again.dilewati).toEqual([]);
    expect(again.csv).toContain(nos[0]!);
  });

  it('only KEUANGAN (or SUPERADMIN) holds; bad input changes nothing', async () => {
    const gudang = await operator('gudang');
    const keuangan = await operator('keuangan');
    const me = await earner(1);
    await expect(holdPayouts({ id_member: me.idMember, alasan: 'x' }, gudang)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(holdPayouts({ id_member: me.idMember, alasan: '  ' }, keuangan)).rejects.toThrow('Alasan harus diisi');
    await expect(holdPayouts({ id_member: 'TIDAK-ADA', alasan: 'x' }, keuangan)).rejects.toThrow(HOLD_MESSAGES.memberNotFound);
    expect((await listHolds(keuangan)).holds.filter((h) => h.idMember === me.idMember)).toEqual([]);
  });
});

describe('manual adjustments (four-eyes)', () => {
  it('the maker cannot approve; a second operator approves; the member sees it in Rincian Bonus and the month BP21 counts it', async () => {
    const keuangan = await operator('keuangan');
    const superadmin = await operator('superadmin');
    const me = await earner(2);
    const made = await createAdjustment(
      { id_member: me.idMember, jenis: 'KREDIT', nominal: '25000000', alasan: 'Koreksi bonus pairing Maret' },
      keuangan,
    );

    await expect(decideAdjustment({ adjustment: made.public_id, keputusan: 'setujui' }, keuangan)).rejects.toThrow(
      ADJUSTMENT_MESSAGES.sameOperator,
    );
    const db = await getDb();
    const none = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bonuses where member_id = ${me.id} and jenis_bonus = 'ADJUSTMENT'`,
    );
    expect(none[0]!.n).toBe(0);
    expect((await listAdjustments(keuangan)).find((a) => a.publicId === made.public_id)?.status).toBe('diajukan');

    await decideAdjustment({ adjustment: made.public_id, keputusan: 'setujui' }, superadmin);
    // Decided: never again, either way.
    await expect(decideAdjustment({ adjustment: made.public_id, keputusan: 'tolak', catatan: 'salah' }, superadmin)).rejects.toThrow(
      /berstatus Disetujui; tidak dapat menjadi Ditolak/,
    );

    const today = jakartaDate();
    const hasNpwp = (await inTransaction((tx) => npwpOnDay(tx, [me.id], today))).get(me.id) ?? false;
    const [row] = await selectRows<{ tanggal: string; bonus_bruto: number; pot_pph: number; bonus_dibayar: number }>(
      db,
      sql`select tanggal::text as tanggal, bonus_bruto::int as bonus_bruto, pot_pph::int as pot_pph, bonus_dibayar::int as bonus_dibayar
          from bonuses where member_id = ${me.id} and jenis_bonus = 'ADJUSTMENT'`,
    );
    // Per payment (the default): Rp 25.000.000 → DPP 12.500.000 → 625.000 with NPWP, 750.000 without (COMP_PLAN.md).
    expect(row).toEqual({
      tanggal: today,
      bonus_bruto: 25_000_000,
      pot_pph: hasNpwp ? 625_000 : 750_000,
      bonus_dibayar: 25_000_000 - (hasNpwp ? 625_000 : 750_000),
    });
    expect(taxOnGross(25_000_000, hasNpwp)).toBe(row!.pot_pph);

    const report = await listBonuses(me, { from: today, to: today, status: [], page: 1, page_size: 50 });
    const shown = report.rows.find((r) => r.jenis_bonus === 'ADJUSTMENT')!;
    expect(shown.detail).toEqual([expect.objectContaining({ jenis: 'KREDIT', alasan: 'Koreksi bonus pairing Maret' })]);
    expect(shown.bonus_bruto).toBe(25_000_000);

    // The month's BP21 (issued here for the running month) includes it.
    const tahun = Number(today.slice(0, 4));
    const masa = Number(today.slice(5, 7));
    await inTransaction((tx) => issueMonthSlips(tx, tahun, masa, { npwp: '000000000000000', nama: 'Uji' }));
    const [month] = await selectRows<{ bruto: number; pph: number }>(
      db,
      sql`select coalesce(sum(bonus_bruto), 0)::int as bruto, coalesce(sum(pot_pph), 0)::int as pph from bonuses
          where member_id = ${me.id} and tanggal >= ${`${today.slice(0, 8)}01`}::date and reverses_id is null`,
    );
    const [slip] = await selectRows<{ bruto: number; pph: number }>(
      db,
      sql`select bruto::int as bruto, pph::int as pph from bukti_potong where member_id = ${me.id} and tahun = ${tahun} and masa = ${masa}`,
    );
    expect(slip).toEqual(month);
    expect(slip!.bruto).toBeGreaterThanOrEqual(25_000_000);

    expect((await audits('adjustment:approve')).at(-1)).toMatchObject({
      operator_nama: superadmin.nama,
      object: `adjustment:${made.public_id}`,
    });
  });

  it('a debit never takes the unpaid balance below zero; a rejection needs a reason', async () => {
    const keuangan = await operator('keuangan');
    const superadmin = await operator('superadmin');
    const me = await earner(3);
    const saldo = (await listUnpaidBonuses(me)).reduce((s, b) => s + b.bonus_dibayar, 0);
    await expect(
      createAdjustment({ id_member: me.idMember, jenis: 'DEBIT', nominal: String(saldo + 1), alasan: 'Terlalu besar' }, keuangan),
    ).rejects.toThrow(/Debit melebihi saldo bonus member yang belum dibayar/);
    const debit = await createAdjustment({ id_member: me.idMember, jenis: 'DEBIT', nominal: '10000', alasan: 'Kelebihan bayar' }, keuangan);
    await expect(decideAdjustment({ adjustment: debit.public_id, keputusan: 'tolak' }, superadmin)).rejects.toThrow(
      ADJUSTMENT_MESSAGES.reasonRequired,
    );
    await decideAdjustment({ adjustment: debit.public_id, keputusan: 'setujui' }, superadmin);
    const after = (await listUnpaidBonuses(me)).reduce((s, b) => s + b.bonus_dibayar, 0);
    expect(after).toBe(saldo - 10_000);

    const other = await createAdjustment({ id_member: me.idMember, jenis: 'KREDIT', nominal: '5000', alasan: 'Salah member' }, keuangan);
    await decideAdjustment({ adjustment: other.public_id, keputusan: 'tolak', catatan: 'Bukan member ini' }, superadmin);
    const rows = await listAdjustments(keuangan);
    expect(rows.find((a) => a.publicId === other.public_id)).toMatchObject({
      status: 'ditolak',
      catatan: 'Bukan member ini',
      pemeriksaNama: superadmin.nama,
    });
    const [n] = await selectRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from bonuses where member_id = ${me.id} and jenis_bonus = 'ADJUSTMENT'`,
    );
    expect(n!.n).toBe(1);
  });
});
