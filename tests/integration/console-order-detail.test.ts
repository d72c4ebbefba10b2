// @template year — paid orders of the demo year, one refunded here

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { getOperatorOrder } from '../../src/server/services/operator/get-operator-order';
import { labelSheet } from '../../src/server/services/operator/label-sheet';
import { operateOrders } from '../../src/server/services/operator/operate-orders';
import { orderQueue } from '../../src/server/services/operator/order-queue';
import { printOrders } from '../../src/server/services/operator/print-orders';
import { refundOrder } from '../../src/server/services/order/refund-order';

const GUDANG = { id: null, nama: 'Gilang Uji', role: 'GUDANG' } as const;
const KEUANGAN = { id: null, nama: 'Kartika Uji', role: 'KEUANGAN' } as const;

async function operatorOf(role: 'GUDANG' | 'CS') {
  const [row] = await selectRows<{ id: number; nama: string }>(
    await getDb(),
    sql`select id::int as id, nama from operators where role = ${role} order by id limit 1`,
  );
  return { ...row!, role };
}

describe('the order detail of the warehouse (/admin/orders/<no_order>)', () => {
  it('shows history, payment and shipping; a full refund marks it, refuses packing and shipping, and marks it in the queue and the prints', async () => {
    const gudang = await operatorOf('GUDANG');
    const [paid] = await selectRows<{ no_order: string; total_bayar: string }>(
      await getDb(),
      sql`
      select no_order, total_bayar::text as total_bayar from orders o where status_order = 'PAID' and not pickup_store and refunded_at is null
        and not exists (select 1 from order_refunds r where r.order_id = o.id) order by id limit 1`,
    );
    const no = paid!.no_order;

    const before = await getOperatorOrder(gudang, no);
    expect(before.order).toMatchObject({ no_order: no, status_order: 'PAID', refunded: false, total_bayar: Number(paid!.total_bayar) });
    expect(before.order.tgl_invoice).not.toBeNull();
    expect(before.lines.length).toBeGreaterThan(0);
    expect(before.history.map((h) => h.status)).toEqual(expect.arrayContaining(['PENDING', 'PAID']));
    expect(before.refunds).toEqual([]);
    expect(before.actions.find((a) => a.action === 'pack')).toEqual({ action: 'pack', allowed: true, refusal: null });
    const queued = async () => (await orderQueue(GUDANG, { status: 'PAID', search: no })).rows.map((r) => [r.noOrder, r.refunded]);
    expect(await queued()).toEqual([[no, false]]);

    await refundOrder(no, { alasan: 'Stok rusak di gudang', admin: 'Kartika Uji', by: KEUANGAN });
    const after = await getOperatorOrder(gudang, no);
    expect(after.order.refunded).toBe(true);
    expect(after.refunds).toMatchObject([
      { jumlah: Number(paid!.total_bayar), alasan: 'Stok rusak di gudang', admin: 'Kartika Uji', ditetapkan: true },
    ]);
    expect(after.history.at(-1)).toMatchObject({ status: 'REFUND', oleh: 'Kartika Uji' });
    const refusal = (label: string) => `Order ${no} sudah dikembalikan dananya (refund); "${label}" tidak dapat dilakukan`;
    expect(after.actions.filter((a) => a.action === 'pack' || a.action === 'ship')).toEqual([
      { action: 'pack', allowed: false, refusal: refusal('Kemas') },
      { action: 'ship', allowed: false, refusal: refusal('Kirim (resi)') },
    ]);
    expect(after.actions.every((a) => !a.allowed)).toBe(true);

    // The same refusal from the action itself, nothing changed; marked in the queue and on the prints.
    expect(await operateOrders(GUDANG, { action: 'pack', orders: [{ noOrder: no }] })).toEqual([
      { noOrder: no, ok: false, text: refusal('Kemas') },
    ]);
    expect((await getOperatorOrder(gudang, no)).order.status_order).toBe('PAID');
    expect(await queued()).toEqual([[no, true]]);
    const label = await labelSheet(GUDANG, [no]);
    expect(label.labels.map((l) => [l.no_order, l.refunded])).toEqual([[no, true]]);
    await expect(printOrders(GUDANG, 'packing', [no])).resolves.toMatchObject({ filename: `daftar-kemas-${no}.pdf` });
    await expect(printOrders({ ...KEUANGAN, id: 1 }, 'packing', [no])).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('GUDANG and SUPERADMIN only; an unknown or malformed number is not found', async () => {
    const [any] = await selectRows<{ no_order: string }>(await getDb(), sql`select no_order from orders order by id limit 1`);
    await expect(getOperatorOrder(await operatorOf('CS'), any!.no_order)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(getOperatorOrder({ id: 1, nama: 'Sari', role: 'SUPERADMIN' }, any!.no_order)).resolves.toMatchObject({
      order: { no_order: any!.no_order },
    });
    await expect(getOperatorOrder(GUDANG, 'ORD-20990101-0000001')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getOperatorOrder(GUDANG, "x' or 1=1")).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
