// @template year — a member with unpaid bonuses

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { listPayouts, listUnpaidBonuses, requestPayout, settlePayout } from '../../src/server/services/bonus/payouts';
import { payThroughBatch, sessionOf } from './helpers';

/** A generated member with a verified bank and at least Rp 100.000 of unpaid bonuses. */
async function earner(skip = 0) {
  const db = await getDb();
  const [row] = await selectRows<{ id_member: string }>(
    db,
    sql`
    select m.id_member from members m join bonuses b on b.member_id = m.id
    where m.id > 5 and m.status_rekening = 'VERIFIED' and b.payout_id is null and not exists (select 1 from payouts p where p.member_id = m.id)
      and not exists (select 1 from closed_days cd where cd.tanggal = b.tanggal and cd.status = 'DRAFT')
    group by m.id_member having sum(b.bonus_dibayar) >= 100000 order by m.id_member offset ${skip} limit 1`,
  );
  return sessionOf(row!.id_member);
}

describe('payouts', () => {
  it('twenty simultaneous requests over the same bonuses make one payout; no bonus is in two', async () => {
    const me = await earner(0);
    const ids = (await listUnpaidBonuses(me)).map((b) => b.public_id);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => requestPayout(me, ids)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as Error).message).toBe('Sebagian bonus sudah diproses atau tidak ditemukan. Muat ulang halaman.');
    const db = await getDb();
    const [counts] = await selectRows<{ payouts: number; held: number }>(
      db,
      sql`
      select (select count(*)::int from payouts p join members m on m.id = p.member_id where m.id_member = ${me.idMember}) as payouts,
             (select count(*)::int from bonuses b where b.member_id = ${me.id} and b.payout_id is not null) as held`,
    );
    expect(counts).toEqual({ payouts: 1, held: ids.length });
    expect(await listUnpaidBonuses(me)).toEqual([]);
  });

  it('totals are Σ bonus_dibayar − Rp 6.500; reject frees the bonuses, complete marks them PROCESSED', async () => {
    const me = await earner(1);
    const unpaid = await listUnpaidBonuses(me);
    await requestPayout(
      me,
      unpaid.map((b) => b.public_id),
    );
    const [payout] = (await listPayouts(me, { from: '2000-01-01', to: '2999-12-31', status: [], page: 1, page_size: 10 })).rows;
    expect(payout!.total_bonus).toBe(unpaid.reduce((s, b) => s + b.bonus_dibayar, 0));
    expect(payout!.nominal).toBe(payout!.total_bonus - 6_500);
    expect(payout!.status).toBe('queued');
    await settlePayout(payout!.no, 'reject', 'Rekening ditolak bank');
    expect((await listUnpaidBonuses(me)).length).toBe(unpaid.length);
    await requestPayout(
      me,
      unpaid.map((b) => b.public_id),
    );
    const again = (await listPayouts(me, { from: '2000-01-01', to: '2999-12-31', status: ['queued'], page: 1, page_size: 10 })).rows[0]!;
    await payThroughBatch(again.no);
    const db = await getDb();
    const [done] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bonuses where member_id = ${me.id} and status_transfer = 'PROCESSED'`,
    );
    expect(done!.n).toBe(unpaid.length);
    const summary = (await listPayouts(me, { from: '2000-01-01', to: '2999-12-31', status: [], page: 1, page_size: 10 })).summary;
    expect(summary).toMatchObject({ completed: 1, rejected: 1, queued: 0, not_queued: 0 });
    // The list's filters: by status (one or several), by a part of the payout number, and none.
    const listed = async (status: string[], search?: string) =>
      (await listPayouts(me, { from: '2000-01-01', to: '2999-12-31', status, search, page: 1, page_size: 10 })).rows.map((r) => r.status);
    expect(await listed(['rejected'])).toEqual(['rejected']);
    expect((await listed(['completed', 'rejected'])).sort()).toEqual(['completed', 'rejected']);
    expect(await listed([], again.no.slice(-6))).toEqual(['completed']);
    expect(await listed([], 'tidak-ada-%')).toEqual([]);
    expect(await listed(['queued'])).toEqual([]);
    await expect(settlePayout(again.no, 'reject')).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('is refused with the spec’s message when the bank account is unverified, and for bonuses of another member', async () => {
    const me = await earner(2);
    const other = await earner(3);
    const db = await getDb();
    const theirs = (await listUnpaidBonuses(other)).map((b) => b.public_id);
    await expect(requestPayout(me, theirs)).rejects.toMatchObject({ code: 'CONFLICT' });
    await db.execute(sql`update members set status_rekening = 'UNVERIFIED' where id = ${me.id}`);
    await expect(
      requestPayout(
        me,
        (await listUnpaidBonuses(me)).map((b) => b.public_id),
      ),
    ).rejects.toMatchObject({ message: 'Tidak bisa melakukan widthraw, rekening belum terverifikasi...' });
    expect((await listUnpaidBonuses(other)).length).toBe(theirs.length);
  });
});
