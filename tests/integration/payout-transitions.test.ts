// @template year — needs the demo year (paid orders, closed bonuses)

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutCommand } from '../../src/server/commands/payout';
import { getDb, selectRows } from '../../src/server/db/client';
import { completePayoutBatch } from '../../src/server/services/bonus/complete-payout-batch';
import { exportPayoutBatch, payoutBatchFile } from '../../src/server/services/bonus/export-payout-batch';
import { listUnpaidBonuses, requestPayout, settlePayout } from '../../src/server/services/bonus/payouts';
import { queuedPayouts, sessionOf } from './helpers';

const KARTIKA = { id: null, nama: 'Kartika Uji' } as const;

/** What the database holds for a payout: its status and its bonuses (how many it holds, their transfer status). */
async function held(no: string) {
  const [row] = await selectRows<{ status: string; bonuses: number; transfer: string | null; id_member: string }>(
    await getDb(),
    sql`
    select p.status, m.id_member, (select count(*)::int from bonuses b where b.payout_id = p.id) as bonuses,
      (select string_agg(distinct b.status_transfer, ',') from bonuses b where b.payout_id = p.id) as transfer
    from payouts p join members m on m.id = p.member_id where p.no = ${no}`,
  );
  return row!;
}
const audits = async (action: string, no: string) =>
  (
    await selectRows<{ n: number }>(
      await getDb(),
      sql`
  select count(*)::int as n from audit_log where action = ${action} and object = ${`payout:${no}`}`,
    )
  )[0]!.n;
const fileLines = async (batchNo: string) =>
  (await payoutBatchFile(batchNo)).csv
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(',').at(-1));

// Generous limits: several members sign in and withdraw per test on a machine that may be busy.
describe('a payout inside an exported bank batch (issue #21)', { timeout: 120_000 }, () => {
  it('cannot be rejected, from the console or the CLI: a clear message, its bonuses stay held, the member cannot ask for them again', async () => {
    const nos = await queuedPayouts(2);
    const batch = await exportPayoutBatch(nos, KARTIKA);
    const no = nos[0]!;
    const before = await held(no);
    const message = `Payout ${no} sudah masuk batch transfer ${batch.no}, tidak dapat ditolak; bila bank gagal mentransfer, tandai "Gagal" dengan jawaban bank`;
    await expect(settlePayout(no, 'reject', 'Nama rekening tidak sesuai', KARTIKA)).rejects.toMatchObject({ code: 'CONFLICT', message });
    await expect(payoutCommand('reject', [no, '--catatan', 'Nama rekening tidak sesuai'])).rejects.toMatchObject({ message });
    expect(await held(no)).toEqual(before);
    expect(before).toMatchObject({ status: 'processed', transfer: 'PENDING' });
    expect(before.bonuses).toBeGreaterThan(0);
    expect(await listUnpaidBonuses(await sessionOf(before.id_member))).toEqual([]);
    expect(await audits('payout:reject', no)).toBe(0);
    expect(await fileLines(batch.no)).toEqual(nos);
  });

  it('failed by the bank’s answer: its bonuses are released exactly once and the re-downloaded file no longer lists it', async () => {
    const nos = await queuedPayouts(2);
    const batch = await exportPayoutBatch(nos, KARTIKA);
    const [failed, paid] = nos as [string, string];
    const results = await Promise.allSettled([
      settlePayout(failed, 'fail', 'Rekening tidak aktif', KARTIKA),
      settlePayout(failed, 'fail', 'Rekening tidak aktif', KARTIKA),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await held(failed)).toMatchObject({ status: 'failed', bonuses: 0 });
    expect(await fileLines(batch.no)).toEqual([paid]);
    expect(await audits('payout:fail', failed)).toBe(1);

    // The member asks again for the released bonuses (201); the old payout can no longer touch them.
    const me = await sessionOf((await held(failed)).id_member);
    const unpaid = await listUnpaidBonuses(me);
    expect(unpaid.length).toBeGreaterThan(0);
    const { public_id } = await requestPayout(
      me,
      unpaid.map((b) => b.public_id),
    );
    const [again] = await selectRows<{ no: string }>(await getDb(), sql`select no from payouts where public_id = ${public_id}::uuid`);
    await expect(settlePayout(failed, 'fail', 'Rekening tidak aktif', KARTIKA)).rejects.toMatchObject({ code: 'CONFLICT' });
    const done = await completePayoutBatch(batch.no, KARTIKA);
    expect(done).toEqual({ selesai: [paid], dilewati: [`${failed} (failed)`] });
    expect(await held(again!.no)).toEqual({ status: 'queued', bonuses: unpaid.length, transfer: 'PENDING', id_member: me.idMember });
    expect(await fileLines(batch.no)).toEqual([paid]);
    expect(await audits('payout:fail', failed)).toBe(1);
  });
});

describe('completing a payout goes through processing and a bank batch (issue #21)', { timeout: 120_000 }, () => {
  it('a queued payout cannot be completed, from the console or the CLI; a processed one not outside a batch', async () => {
    const [queued, processed] = (await queuedPayouts(2)) as [string, string];
    const message = `Payout ${queued} berstatus queued; "Selesai" hanya untuk payout berstatus processed`;
    await expect(settlePayout(queued, 'complete', undefined, KARTIKA)).rejects.toMatchObject({ code: 'CONFLICT', message });
    await expect(payoutCommand('complete', [queued])).rejects.toMatchObject({ message });
    expect(await held(queued)).toMatchObject({ status: 'queued', transfer: 'PENDING' });

    await settlePayout(processed, 'process', undefined, KARTIKA);
    await expect(settlePayout(processed, 'complete', undefined, KARTIKA)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Payout ${processed} belum masuk batch transfer; "Selesai" hanya lewat batch: ekspor batch, lalu tandai batch selesai setelah bank membayar`,
    });
    expect(await held(processed)).toMatchObject({ status: 'processed', transfer: 'PENDING' });
    expect((await audits('payout:complete', queued)) + (await audits('payout:complete', processed))).toBe(0);
  });

  it('a suspended member’s payout is never completed, one by one or by its batch; after the suspension ends it can be', async () => {
    const [frozen, paid] = (await queuedPayouts(2)) as [string, string];
    const batch = await exportPayoutBatch([frozen, paid], KARTIKA);
    const db = await getDb();
    await db.execute(sql`update members set is_suspended = true where id = (select member_id from payouts where no = ${frozen})`);
    await expect(settlePayout(frozen, 'complete', undefined, KARTIKA)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Payout ${frozen}: akun member dibekukan; "Selesai" tidak dapat dilakukan sampai pembekuan dicabut`,
    });
    expect(await completePayoutBatch(batch.no, KARTIKA)).toEqual({ selesai: [paid], dilewati: [`${frozen} (akun member dibekukan)`] });
    expect(await held(frozen)).toMatchObject({ status: 'processed', transfer: 'PENDING' });
    expect(await held(paid)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
    // Still in the (settled) bank file: never rejected, only completed or failed by the bank's answer.
    await expect(settlePayout(frozen, 'reject', 'Dibekukan', KARTIKA)).rejects.toMatchObject({ code: 'CONFLICT' });

    await db.execute(sql`update members set is_suspended = false where id = (select member_id from payouts where no = ${frozen})`);
    await settlePayout(frozen, 'complete', undefined, KARTIKA);
    expect(await held(frozen)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
  });
});
