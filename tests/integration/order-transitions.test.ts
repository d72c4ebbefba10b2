// @template year — needs the demo year (paid orders, closed bonuses)

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { notificationSignature } from '../../src/server/integrations/payment/signature';
import { simulatorGateway } from '../../src/server/integrations/payment/simulator';
import { orderQueue } from '../../src/server/services/operator/order-queue';
import { printOrders } from '../../src/server/services/operator/print-orders';
import { expireOrders } from '../../src/server/services/order/expire-orders';
import { handlePaymentNotification } from '../../src/server/services/order/handle-payment-notification';
import { type OperatorAction, operateOrder } from '../../src/server/services/order/operate-order';
import { refundOrder } from '../../src/server/services/order/refund-order';

/**
 * Issue #21, second outside test: an order's transitions have one home
 * (src/server/domain/order-status.ts) that the console, the CLI, the webhook, the expiry job, the
 * member and the refund all go through.
 */

interface Order {
  id: number;
  no_order: string;
  status_order: string;
  created_at: string;
  total_bayar: number;
}

async function orders(where: ReturnType<typeof sql>, limit: number): Promise<Order[]> {
  return selectRows<Order>(
    await getDb(),
    sql`
    select o.id::int as id, o.no_order, o.status_order, o.created_at::text as created_at, o.total_bayar::float8 as total_bayar
    from orders o where ${where} order by o.id limit ${limit}`,
  );
}

/** The warehouse stock of every (warehouse, product) the given orders hold, and how many they hold. */
async function stockOf(orderIds: number[]) {
  return selectRows<{ warehouse_id: number; product_id: number; stock: number; held: number }>(
    await getDb(),
    sql`
    select s.warehouse_id::int as warehouse_id, s.product_id::int as product_id, s.qty as stock, sum(d.qty)::int as held
    from order_details d join orders o on o.id = d.order_id
    join warehouse_stock s on s.warehouse_id = o.gudang_id and s.product_id = d.product_id
    where o.id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by s.warehouse_id, s.product_id, s.qty order by s.warehouse_id, s.product_id`,
  );
}

/** The system acting from a command (no role: services let it through). */
const SYSTEM = { id: null, nama: 'Uji Sistem' } as const;
const stateOf = async (id: number) =>
  (
    await selectRows<{ status_order: string; histories: number }>(
      await getDb(),
      sql`
  select status_order, (select count(*)::int from order_histories h where h.order_id = o.id) as histories from orders o where o.id = ${id}`,
    )
  )[0]!;

describe('cancel', () => {
  it('an operator cancel of a PENDING order puts its reserved stock back exactly as expiry does', async () => {
    const [cancelled, expired] = await orders(
      sql`o.status_order = 'PENDING' and o.gudang_id is not null
      and exists (select 1 from order_details d where d.order_id = o.id)`,
      2,
    );
    expect(expired).toBeDefined();
    const ids = [cancelled!.id, expired!.id];
    const before = await stockOf(ids);
    expect(before.length).toBeGreaterThan(0);

    await operateOrder('cancel', cancelled!.no_order, { catatan: 'Permintaan member', admin: 'Budi Gudang' });
    // The expiry job takes the oldest due order first: this one alone.
    await (await getDb()).execute(sql`update orders set expires_at = '2000-01-01T00:00:00Z' where id = ${expired!.id}`);
    expect(await expireOrders(new Date(), 1)).toBe(1);

    expect(await stateOf(cancelled!.id)).toMatchObject({ status_order: 'CANCEL' });
    expect(await stateOf(expired!.id)).toMatchObject({ status_order: 'EXPIRED' });
    // Every line of both orders is back in its warehouse, whichever way the order closed.
    expect(await stockOf(ids)).toEqual(before.map((line) => ({ ...line, stock: line.stock + line.held })));
  });

  it('a PAID order is never cancelled (its money goes back by a refund) and keeps its stock', async () => {
    const [paid] = await orders(sql`o.status_order = 'PAID' and o.gudang_id is not null`, 1);
    const before = await stockOf([paid!.id]);
    await expect(operateOrder('cancel', paid!.no_order)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Order ${paid!.no_order} berstatus PAID; "Batalkan" hanya untuk order berstatus PENDING`,
    });
    expect(await stockOf([paid!.id])).toEqual(before);
  });
});

describe('a fully refunded order', () => {
  it('stays in the warehouse queue marked REFUND, cannot be packed, shipped or made ready, and prints with its mark', async () => {
    const [paid, packed] = [
      ...(await orders(
        sql`o.status_order = 'PAID' and not o.pickup_store and not exists (select 1 from order_refunds r where r.order_id = o.id)`,
        1,
      )),
      ...(await orders(
        sql`o.status_order = 'WAREHOUSE' and not o.pickup_store and not exists (select 1 from order_refunds r where r.order_id = o.id)`,
        1,
      )),
    ];
    expect(packed).toBeDefined();
    for (const order of [paid!, packed!]) {
      const queued = async () =>
        (await orderQueue(SYSTEM, { status: order.status_order as 'PAID', search: order.no_order })).rows.map((r) => [
          r.noOrder,
          r.refunded,
        ]);
      expect(await queued()).toEqual([[order.no_order, false]]);
      await refundOrder(order.no_order, { alasan: 'Barang tidak tersedia', admin: 'Keuangan' });
      expect(await queued()).toEqual([[order.no_order, true]]);
      const before = await stateOf(order.id);
      for (const action of ['pack', 'ship', 'pickupable', 'track', 'receive', 'cancel'] as OperatorAction[]) {
        await expect(operateOrder(action, order.no_order, { resi: 'JNE0001', kota: 'Surabaya', catatan: 'x' })).rejects.toMatchObject({
          code: 'CONFLICT',
          message: expect.stringContaining(`Order ${order.no_order} sudah dikembalikan dananya (refund)`),
        });
      }
      // Printed with the REFUND mark (a batch is never dropped for one refunded order).
      for (const kind of ['packing', 'label']) {
        const { pdf } = await printOrders(SYSTEM, kind, [order.no_order]);
        expect((await PDFDocument.load(pdf)).getSubject()).toBe(`REFUND: ${order.no_order}`);
      }
      expect(await stateOf(order.id)).toEqual(before);
      const [row] = await selectRows<{ no_resi: string | null }>(await getDb(), sql`select no_resi from orders where id = ${order.id}`);
      expect(row!.no_resi).toBeNull();
    }
  });

  it('a partly refunded order stays in the queue and can still be packed', async () => {
    // A repeat order is refunded by line (COMP_PLAN.md): one unit of a line with more than one.
    const [paid] = await orders(
      sql`o.status_order = 'PAID' and not o.pickup_store and o.jenis_order = 'ro'
      and exists (select 1 from order_details d where d.order_id = o.id and d.qty > 1)
      and not exists (select 1 from order_refunds r where r.order_id = o.id)`,
      1,
    );
    expect(paid).toBeDefined();
    const [line] = await selectRows<{ public_id: string }>(
      await getDb(),
      sql`
      select public_id::text as public_id from order_details where order_id = ${paid!.id} and qty > 1 order by id limit 1`,
    );
    await refundOrder(paid!.no_order, { baris: [{ detail: line!.public_id, qty: 1 }], alasan: 'Satu botol pecah', admin: 'Keuangan' });
    expect((await orderQueue(SYSTEM, { status: 'PAID', search: paid!.no_order })).rows.map((r) => [r.noOrder, r.refunded])).toEqual([
      [paid!.no_order, false],
    ]);
    await operateOrder('pack', paid!.no_order);
    expect((await stateOf(paid!.id)).status_order).toBe('WAREHOUSE');
  });
});

describe('paid time', () => {
  it('a signed settlement back-dated to 2020-01-01 does not back-date the paid time or the invoice', async () => {
    const db = await getDb();
    const [order] = await orders(
      sql`o.status_order = 'PENDING' and not o.via_referral and o.jenis_order = 'ro'
      and o.payment_method not in ('cash', 'transferbca')`,
      1,
    );
    expect(order).toBeDefined();
    const key = await simulatorGateway.serverKey();
    const gross = `${order!.total_bayar}.00`;
    const started = Date.now();
    const body = {
      order_id: order!.no_order,
      status_code: '200',
      gross_amount: gross,
      transaction_status: 'settlement',
      payment_type: 'bank_transfer',
      transaction_id: randomUUID(),
      transaction_time: '2020-01-01 00:00:00',
      settlement_time: '2020-01-01 00:00:00',
      signature_key: notificationSignature(order!.no_order, '200', gross, key),
    };
    expect(await handlePaymentNotification(body)).toEqual({ outcome: 'PAID' });
    const [row] = await selectRows<{ paid_at: string; tgl_invoice: string; no_invoice: string; history: string }>(
      db,
      sql`
      select paid_at::text as paid_at, tgl_invoice::text as tgl_invoice, no_invoice,
        (select h.tanggal::text from order_histories h where h.order_id = o.id and h.status = 'PAID') as history
      from orders o where o.id = ${order!.id}`,
    );
    const created = Date.parse(order!.created_at);
    expect(Date.parse(row!.paid_at)).toBeGreaterThanOrEqual(created);
    expect(Date.parse(row!.paid_at)).toBeLessThanOrEqual(Date.now());
    expect(row!.tgl_invoice).toBe(row!.paid_at);
    expect(Date.parse(row!.history)).toBe(Date.parse(row!.paid_at));
    expect(row!.no_invoice).not.toContain('20200101');
    expect(started).toBeGreaterThan(created);
  });
});
