// @template year — the payouts and closed days of the demo year

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, jakartaDate } from '../../src/lib/calendar';
import { getDb, selectRows } from '../../src/server/db/client';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { catchUpClosing, closingMonth } from '../../src/server/services/bonus/closing-calendar';
import { completePayoutBatch } from '../../src/server/services/bonus/complete-payout-batch';
import { exportPayoutBatch, payoutBatchFile } from '../../src/server/services/bonus/export-payout-batch';
import { payoutQueue } from '../../src/server/services/bonus/payout-queue';
import { settlePayout } from '../../src/server/services/bonus/payouts';
import { reconcileDays } from '../../src/server/services/bonus/reconcile-days';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { refundOrder } from '../../src/server/services/order/refund-order';
import { issueTaxSlips } from '../../src/server/services/tax/issue-tax-slips';
import { exportTaxMonthAudited, taxMonthSlips, taxSlipPdfByNomor } from '../../src/server/services/tax/tax-month-console';
import { visitConsole } from './console-visit';
import { queuedPayouts } from './helpers';

const KARTIKA = { id: null, nama: 'Kartika Uji' } as const;

const audits = async (action: string, object?: string) =>
  selectRows<{ operator_nama: string; object: string; before: unknown; after: unknown }>(
    await getDb(),
    sql`
  select operator_nama, object, before, after from audit_log where action = ${action} ${object ? sql`and object = ${object}` : sql``} order by id`,
  );

describe('payout batches (console, KEUANGAN)', () => {
  it('the exported CSV holds exactly the chosen payouts; queued ones are processed; suspended members are left out; all audited', async () => {
    const nos = await queuedPayouts(4, 0);
    const db = await getDb();
    const [suspended] = await selectRows<{ member_id: number }>(
      db,
      sql`select member_id::int as member_id from payouts where no = ${nos[3]!}`,
    );
    await db.execute(sql`update members set is_suspended = true where id = ${suspended!.member_id}`);
    await settlePayout(nos[0]!, 'process', undefined, KARTIKA);

    const batch = await exportPayoutBatch([...nos, 'WD-TIDAK-ADA'], KARTIKA);
    const expected = await selectRows<{
      no: string;
      kode_bank: string;
      no_rekening: string;
      nama_rekening: string;
      nominal: string;
      status: string;
      batch_id: number | null;
    }>(
      db,
      sql`
      select p.no, m.kode_bank, p.no_rekening, p.nama_rekening, p.nominal::text as nominal, p.status, p.batch_id::int as batch_id
      from payouts p join members m on m.id = p.member_id where p.no in (${sql.join(
        nos.map((n) => sql`${n}`),
        sql`, `,
      )}) order by p.id`,
    );
    const lines = batch.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('kode_bank,no_rekening,nama_rekening,jumlah,referensi');
    expect(lines.slice(1)).toEqual(
      expected.slice(0, 3).map((p) => `${p.kode_bank},${p.no_rekening},${p.nama_rekening},${p.nominal},${p.no}`),
    );
    expect(batch.jumlah_payout).toBe(3);
    expect(batch.total_nominal).toBe(expected.slice(0, 3).reduce((s, p) => s + Number(p.nominal), 0));
    expect(batch.dilewati).toEqual([
      { no: 'WD-TIDAK-ADA', alasan: 'tidak ditemukan' },
      { no: nos[3], alasan: 'akun member dibekukan' },
    ]);
    expect(expected.map((p) => p.status)).toEqual(['processed', 'processed', 'processed', 'queued']);
    expect(expected[3]!.batch_id).toBeNull();
    expect((await payoutBatchFile(batch.no)).csv).toBe(batch.csv);

    expect((await audits('payout:process')).filter((a) => nos.includes(a.object.slice(7))).map((a) => a.object)).toEqual(
      nos.slice(0, 3).map((n) => `payout:${n}`),
    );
    const [exportRow] = await audits('payout:batch-export', `batch:${batch.no}`);
    expect(exportRow).toMatchObject({ operator_nama: 'Kartika Uji', after: { payouts: nos.slice(0, 3), jumlah_payout: 3 } });

    // Already in a batch: never exported twice.
    await expect(exportPayoutBatch(nos.slice(0, 3), KARTIKA)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect((await payoutQueue('processed', nos[1])).rows.map((r) => [r.no, r.batch_no])).toEqual([[nos[1], batch.no]]);
    expect((await payoutQueue('queued', nos[3])).rows.map((r) => [r.no, r.is_suspended])).toEqual([[nos[3], true]]);
  });

  it('marking the batch completed completes all its payouts in one transaction, audited; a failure changes nothing', async () => {
    const nos = await queuedPayouts(3, 4);
    const batch = await exportPayoutBatch(nos, KARTIKA);
    const db = await getDb();
    // A fault in the middle of the batch (the second payout cannot be completed): nothing may change.
    await db.execute(
      sql.raw(`create function uji_tolak() returns trigger language plpgsql as $$ begin raise exception 'uji: bank menolak'; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger uji_tolak before update on payouts for each row when (new.status = 'completed' and new.no = '${nos[1]}') execute function uji_tolak()`,
      ),
    );
    await expect(completePayoutBatch(batch.no, KARTIKA)).rejects.toThrow();
    const state = async () =>
      selectRows<{ status: string; transfer: string }>(
        db,
        sql`
      select p.status, (select string_agg(distinct b.status_transfer, ',') from bonuses b where b.payout_id = p.id) as transfer
      from payouts p where p.no in (${sql.join(
        nos.map((n) => sql`${n}`),
        sql`, `,
      )}) order by p.id`,
      );
    expect(await state()).toEqual(nos.map(() => ({ status: 'processed', transfer: 'PENDING' })));
    const ours = async (action: string) =>
      (await audits(action)).filter((a) => nos.some((n) => a.object === `payout:${n}`) || a.object === `batch:${batch.no}`);
    expect(await ours('payout:complete')).toEqual([]);
    expect(await ours('payout:batch-complete')).toEqual([]);
    await db.execute(sql`drop trigger uji_tolak on payouts`);
    await db.execute(sql`drop function uji_tolak()`);

    const results = await Promise.allSettled([completePayoutBatch(batch.no, KARTIKA), completePayoutBatch(batch.no, KARTIKA)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await state()).toEqual(nos.map(() => ({ status: 'completed', transfer: 'PROCESSED' })));
    expect((await ours('payout:complete')).map((a) => a.object)).toEqual(nos.map((n) => `payout:${n}`));
    const [row] = await audits('payout:batch-complete', `batch:${batch.no}`);
    expect(row).toMatchObject({ before: { status: 'exported' }, after: { status: 'completed', selesai: nos } });
    const [b] = await selectRows<{ status: string }>(db, sql`select status from payout_batches where no = ${batch.no}`);
    expect(b!.status).toBe('completed');
    await expect(completePayoutBatch(batch.no, KARTIKA)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('two operators exporting the same payouts at once: one batch holds them, no payout is in two batches', async () => {
    const nos = await queuedPayouts(2, 8);
    const results = await Promise.allSettled([exportPayoutBatch(nos, KARTIKA), exportPayoutBatch(nos, KARTIKA)]);
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'BAD_INPUT' });
    expect((refused.reason as Error).message).toContain('sudah ada di batch lain');
    const [row] = await selectRows<{ batches: number; n: number }>(
      await getDb(),
      sql`
      select count(distinct batch_id)::int as batches, count(*)::int as n from payouts where no in (${sql.join(
        nos.map((n) => sql`${n}`),
        sql`, `,
      )}) and batch_id is not null`,
    );
    expect(row).toEqual({ batches: 1, n: 2 });
  });

  it('the services refuse an operator of another role (403) and change nothing', async () => {
    const [no] = await queuedPayouts(1, 12);
    const gudang = { id: 2, nama: 'Gilang Gudang', role: 'GUDANG' } as const;
    await expect(exportPayoutBatch([no!], gudang)).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(settlePayout(no!, 'complete', undefined, gudang)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(catchUpClosing({ id: 5, nama: 'Citra CS', role: 'CS' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await selectRows<{ status: string; batch_id: number | null }>(
      await getDb(),
      sql`select status, batch_id::int as batch_id from payouts where no = ${no!}`,
    );
    expect(row).toEqual({ status: 'queued', batch_id: null });
    expect(await audits('payout:complete', `payout:${no}`)).toEqual([]);
  });

  it('reject and fail need a reason, release the bonuses to unpaid and record before/after', async () => {
    const [no] = await queuedPayouts(1, 10);
    const db = await getDb();
    await expect(settlePayout(no!, 'reject', '  ', KARTIKA)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Alasan penolakan atau kegagalan harus diisi',
    });
    const [held] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bonuses b join payouts p on p.id = b.payout_id where p.no = ${no!}`,
    );
    expect(held!.n).toBeGreaterThan(0);
    await settlePayout(no!, 'fail', 'Rekening tidak aktif', KARTIKA);
    const [after] = await selectRows<{ status: string; catatan: string; held: number }>(
      db,
      sql`
      select status, catatan, (select count(*)::int from bonuses b where b.payout_id = p.id) as held from payouts p where no = ${no!}`,
    );
    expect(after).toEqual({ status: 'failed', catatan: 'Rekening tidak aktif', held: 0 });
    expect(await audits('payout:fail', `payout:${no}`)).toEqual([
      {
        operator_nama: 'Kartika Uji',
        object: `payout:${no}`,
        before: { status: 'queued' },
        after: { status: 'failed', catatan: 'Rekening tidak aktif' },
      },
    ]);
  });
});

describe('closing, refund and tax (console, KEUANGAN)', () => {
  it('the demo month reconciles with zero difference', async () => {
    const yesterday = addDays(jakartaDate(), -1);
    const month = await closingMonth(yesterday.slice(0, 7));
    expect(month.rekonsiliasi.at(-1)).toMatchObject({ tanggal: yesterday, ditutup: true });
    expect(month.rekonsiliasi.filter((d) => d.selisih !== 0)).toEqual([]);
    expect(month.hari.find((d) => d.tanggal === yesterday)!.state).toBe('ditutup');
    expect((await closingMonth(jakartaDate().slice(0, 7))).hari.find((d) => d.tanggal === jakartaDate())!.state).toBe('hari-ini');
  });

  it('the catch-up closes finished open days in order, audited per day; today is refused; the month shows them closed', async () => {
    const today = jakartaDate();
    const later = new Date(Date.now() + 2 * 86_400_000);
    await expect(catchUpClosing(KARTIKA, jakartaDate(later), later)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await audits('closing:close-day')).toEqual([]);
    const closed = await catchUpClosing(KARTIKA, undefined, later);
    expect(closed.map((r) => r.tanggal)).toContain(today);
    expect(closed.at(-1)!.tanggal).toBe(addDays(today, 1));
    expect((await audits('closing:close-day')).map((a) => a.object)).toEqual(
      closed.filter((r) => !r.alreadyClosed).map((r) => `hari:${r.tanggal}`),
    );
    expect(await catchUpClosing(KARTIKA, undefined, later)).toEqual([]);
    const month = await closingMonth(today.slice(0, 7), later);
    expect(month.hari.find((d) => d.tanggal === today)!.state).toBe('ditutup');
    expect(month.belum_ditutup).toBe(0);
    expect(month.rekonsiliasi).toEqual(await reconcileDays(`${today.slice(0, 7)}-01`, month.rekonsiliasi.at(-1)!.tanggal));
  });

  it('an operator refund is audited with the operator and shown in the order history under their name', async () => {
    const db = await getDb();
    const [order] = await selectRows<{ no_order: string; total_bayar: string }>(
      db,
      sql`
      select no_order, total_bayar::text as total_bayar from orders where paid_at is not null and status_order = 'DONE'
        and not exists (select 1 from order_refunds r where r.order_id = orders.id) order by id limit 1`,
    );
    await expect(refundOrder(order!.no_order, { alasan: '', admin: 'Kartika', by: KARTIKA })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await audits('refund:order')).toEqual([]);
    const r = await refundOrder(order!.no_order, { alasan: 'Barang rusak', admin: 'Kartika Uji', by: KARTIKA });
    expect(r.jumlah).toBe(Number(order!.total_bayar));
    expect(await audits('refund:order', `order:${order!.no_order}`)).toMatchObject([
      {
        operator_nama: 'Kartika Uji',
        before: { dikembalikan: 0 },
        after: { jumlah: Number(order!.total_bayar), baris: 'utuh', alasan: 'Barang rusak' },
      },
    ]);
    const [history] = await selectRows<{ admin_nama: string }>(
      db,
      sql`
      select h.admin_nama from order_histories h join orders o on o.id = h.order_id where o.no_order = ${order!.no_order} and h.status = 'REFUND'`,
    );
    expect(history!.admin_nama).toBe('Kartika Uji');
  });

  it('the month’s BP21 slips: list, total to deposit as the export, PDF by number, issuing and export audited', async () => {
    const db = await getDb();
    const [m] = await selectRows<{ tahun: number; masa: number }>(
      db,
      sql`select tahun, masa from bukti_potong order by tahun desc, masa desc limit 1`,
    );
    const slips = await taxMonthSlips(m!.tahun, m!.masa);
    expect(slips.rows.length).toBe(slips.jumlah_bukti);
    expect(slips.jumlah_bukti).toBeGreaterThan(0);
    const csv = await exportTaxMonthAudited(m!.tahun, m!.masa, KARTIKA);
    expect(csv.total_setor).toBe(slips.total_setor);
    expect(csv.csv.trimEnd().split('\r\n')).toHaveLength(slips.rows.length + 1);
    expect(await audits('pajak:ekspor')).toHaveLength(1);
    const pdf = await taxSlipPdfByNomor(slips.rows[0]!.nomor);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    await expect(taxSlipPdfByNomor('BP21-1999-0000001')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await issueTaxSlips(m!.tahun, m!.masa, new Date(), KARTIKA)).toBe(0);
    expect(await audits('pajak:terbitkan')).toMatchObject([
      { object: `masa:${m!.tahun}-${String(m!.masa).padStart(2, '0')}`, after: { diterbitkan: 0 } },
    ]);
  });
});

describe('role checks', () => {
  async function visit(path: string, username: string) {
    const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `keu-${username}` });
    return visitConsole(path, token);
  }

  it('KEUANGAN opens the finance pages; GUDANG, CS and KONTEN are refused with 403', async () => {
    for (const path of [
      '/admin/keuangan',
      '/admin/keuangan/closing',
      '/admin/keuangan/pajak',
      '/admin/keuangan/refund',
      '/admin/keuangan/tahan',
      '/admin/keuangan/penyesuaian',
      '/admin/keuangan/batch/BTR-20260101-00001',
      '/admin/keuangan/pajak/ekspor',
    ]) {
      expect(await visit(path, 'keuangan')).toEqual({ status: 200, reached: true });
      for (const other of ['gudang', 'cs', 'konten']) expect(await visit(path, other)).toEqual({ status: 403, reached: false });
    }
    expect(await visit('/admin/orders', 'keuangan')).toEqual({ status: 403, reached: false });
  });
});
