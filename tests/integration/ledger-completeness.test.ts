// @template year — the bonus ledger of the demo year
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { defaultPlan } from '../../src/server/domain/bonus/plan';
import { notificationSignature } from '../../src/server/integrations/payment/signature';
import { simulatorGateway } from '../../src/server/integrations/payment/simulator';
import { closeFinishedDays, closeMissingDays } from '../../src/server/services/bonus/close-days';
import { firstPaidDay } from '../../src/server/services/bonus/close-range';
import { reconcileDays } from '../../src/server/services/bonus/reconcile-days';
import { handlePaymentNotification } from '../../src/server/services/order/handle-payment-notification';
import { bonusesOf, jakartaDay, memberIdOf, noonOf, pendingOrder } from './ledger-helpers';

const closedDays = async () =>
  (
    await selectRows<{ n: number; last: string }>(
      await getDb(),
      sql`select count(*)::int as n, max(tanggal)::text as last from closed_days`,
    )
  )[0]!;
const dayAfter = (d: string, n = 1) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('the closing is complete: finished days only, in order, late payments counted', () => {
  it('the demo year reconciles day by day: every paid BV was counted and earned its first-line bonus (or had no sponsor)', async () => {
    const first = (await firstPaidDay())!;
    const yesterday = jakartaDay(-1);
    const days = [];
    for (let from = first; from <= yesterday; from = dayAfter(from, 300)) {
      const to = dayAfter(from, 299) < yesterday ? dayAfter(from, 299) : yesterday;
      days.push(...(await reconcileDays(from, to)));
    }
    expect(days.length).toBeGreaterThan(300);
    expect(days.filter((d) => d.selisih !== 0)).toEqual([]);
    expect(days.every((d) => d.ditutup)).toBe(true);
    const [paid] = await selectRows<{ bv: number }>(
      await getDb(),
      sql`
      select coalesce(sum(total_bv), 0)::int as bv from orders where paid_at is not null and status_order not in ('PENDING', 'CANCEL', 'EXPIRED')
        and paid_at < (${jakartaDay()}::date)::timestamp at time zone 'Asia/Jakarta'`,
    );
    expect(days.reduce((s, d) => s + d.bv_dihitung, 0)).toBe(paid!.bv);
    expect(days.reduce((s, d) => s + d.bv_berbonus, 0)).toBeGreaterThan(0);
  });

  it('refuses today and a future day in Asia/Jakarta and changes nothing', async () => {
    const before = await closedDays();
    await expect(closeFinishedDays(jakartaDay(), jakartaDay())).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('belum selesai'),
    });
    await expect(closeFinishedDays(jakartaDay(-1), jakartaDay(1))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    // 23:59 in Jakarta (16:59 UTC) is still today there: still refused.
    await expect(closeFinishedDays(jakartaDay(), jakartaDay(), { now: new Date(`${jakartaDay()}T23:59:00+07:00`) })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
    expect(await closedDays()).toEqual(before);
  });

  it('a payment notified after its day was closed counts on the first open day; its real payment time stays on the order', async () => {
    const yesterday = jakartaDay(-1);
    const today = jakartaDay();
    expect((await closedDays()).last).toBe(yesterday);
    const buyer = await memberIdOf('demobronze');
    const [sponsor] = await selectRows<{ id: number }>(await getDb(), sql`select sponsor_id::int as id from members where id = ${buyer}`);
    const order = await pendingOrder(buyer, 'ro', 3);
    // The order was placed yesterday, before the day closed (a paid time is never before the order: #21).
    await (await getDb()).execute(
      sql`update orders set created_at = (${`${yesterday} 09:00:00`}::timestamp at time zone 'Asia/Jakarta') where id = ${order.id}`,
    );
    const gross = `${order.total_bayar}.00`;
    const key = await simulatorGateway.serverKey();
    const settledAt = `${yesterday} 10:01:00`;
    expect(
      await handlePaymentNotification({
        order_id: order.no_order,
        status_code: '200',
        gross_amount: gross,
        transaction_status: 'settlement',
        fraud_status: 'accept',
        payment_type: 'bank_transfer',
        transaction_id: randomUUID(),
        transaction_time: `${yesterday} 10:00:00`,
        settlement_time: settledAt,
        signature_key: notificationSignature(order.no_order, '200', gross, key),
      }),
    ).toEqual({ outcome: 'PAID' });

    // Before the next closing the reconciliation names the paid BV that no closing has counted yet.
    const [waiting] = await reconcileDays(yesterday, yesterday);
    expect(waiting).toMatchObject({ tanggal: yesterday, bv_tidak_dihitung: 3, selisih: 3 });

    const closed = await closeMissingDays({ now: noonOf(dayAfter(today)) });
    expect(closed.map((c) => c.tanggal)).toEqual([today]);
    const ro = (await bonusesOf(sponsor!.id, today)).find((b) => b.jenis_bonus === 'RO')!;
    expect(ro.detail.filter((d) => d.no_order === order.no_order)).toEqual([
      expect.objectContaining({ bv: 3, nominal_ro: 3 * defaultPlan.roPerBv.BRONZE }),
    ]);
    const [row] = await selectRows<{ paid_at: string; tanggal_bonus: string }>(
      await getDb(),
      sql`
      select to_char(paid_at at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS') as paid_at, tanggal_bonus::text as tanggal_bonus from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ paid_at: settledAt, tanggal_bonus: today });

    const [late, counted] = await reconcileDays(yesterday, today);
    expect(late).toMatchObject({ bv_dihitung_kemudian: 3, bv_tidak_dihitung: 0, selisih: 0 });
    expect(counted).toMatchObject({ bv_terlambat: 3, selisih: 0 });
  });

  it('closes days only in order: a day after the day before it, a range each missing day, catch-up up to yesterday', async () => {
    const start = dayAfter((await closedDays()).last);
    const clock = noonOf(dayAfter(start, 5));
    const before = await closedDays();
    await expect(closeFinishedDays(dayAfter(start, 1), dayAfter(start, 1), { now: clock })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${start} belum ditutup`),
    });
    expect(await closedDays()).toEqual(before);
    // Nor a day before the first closing (the runner's audit: `--date 2020-01-01` closed it).
    await expect(closeFinishedDays('2020-01-01', '2020-01-01', { now: clock })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('sebelum closing pertama'),
    });
    expect(await closedDays()).toEqual(before);

    const range = await closeFinishedDays(start, dayAfter(start, 1), { now: clock });
    expect(range.map((r) => [r.tanggal, r.alreadyClosed])).toEqual([
      [start, false],
      [dayAfter(start, 1), false],
    ]);
    const caughtUp = await closeMissingDays({ now: clock });
    expect(caughtUp.map((r) => r.tanggal)).toEqual([dayAfter(start, 2), dayAfter(start, 3), dayAfter(start, 4)]);
    expect(await closeMissingDays({ now: clock })).toEqual([]);
    expect((await closedDays()).last).toBe(dayAfter(start, 4));
  });
});
