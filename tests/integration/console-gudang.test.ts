// @template year — the demo's orders in every queue and its returns

import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { orderCommand } from '../../src/server/commands/order';
import { getDb, selectRows } from '../../src/server/db/client';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { consoleOverview } from '../../src/server/services/operator/console-overview';
import { listAudit } from '../../src/server/services/operator/list-audit';
import { operateOrders } from '../../src/server/services/operator/operate-orders';
import { orderQueue } from '../../src/server/services/operator/order-queue';
import { printOrders } from '../../src/server/services/operator/print-orders';
import { returnQueue } from '../../src/server/services/operator/return-queue';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { getOrderDetail } from '../../src/server/services/order/get-order-detail';
import { markOrderDone } from '../../src/server/services/order/mark-order-done';
import { getReturn, getReturnForOperator, readReturnFileForOperator } from '../../src/server/services/retur/get-return';
import { settleReturn } from '../../src/server/services/retur/operate-return';
import { submitReturnResi } from '../../src/server/services/retur/submit-resi';
import { adjustStock } from '../../src/server/services/stock/adjust-stock';
import { countLowStock, listStock } from '../../src/server/services/stock/list-stock';
import { listStockMovements } from '../../src/server/services/stock/list-stock-movements';
import { visitConsole } from './console-visit';
import { sessionOf } from './helpers';

async function gudang() {
  const [row] = await selectRows<{ id: number; nama: string }>(
    await getDb(),
    sql`select id::int as id, nama from operators where username = 'gudang'`,
  );
  return { ...row!, role: 'GUDANG' as const };
}

interface OrderRow {
  id: number;
  public_id: string;
  no_order: string;
  status_order: string;
  id_member: string;
}
async function orders(where: ReturnType<typeof sql>, limit = 1): Promise<OrderRow[]> {
  return selectRows<OrderRow>(
    await getDb(),
    sql`
    select o.id::int as id, o.public_id::text as public_id, o.no_order, o.status_order, m.id_member
    from orders o join members m on m.id = o.member_id where ${where} order by o.id limit ${limit}`,
  );
}
const statusOf = async (id: number) =>
  (
    await selectRows<{ status_order: string; histories: number; audits: number }>(
      await getDb(),
      sql`
  select status_order, (select count(*)::int from order_histories h where h.order_id = o.id) as histories,
    (select count(*)::int from audit_log a where a.object = 'order:' || o.no_order) as audits
  from orders o where o.id = ${id}`,
    )
  )[0]!;

describe('orders from the console (GUDANG)', () => {
  it('one action on several orders: each checked on its own, reported, audited, and named in the member history', async () => {
    const by = await gudang();
    const paid = await orders(sql`o.status_order = 'PAID' and not o.pickup_store and m.id > 9`, 2);
    const [pending] = await orders(sql`o.status_order = 'PENDING'`);
    const pendingBefore = await statusOf(pending!.id);

    const packed = await operateOrders(by, {
      action: 'pack',
      orders: [...paid.map((o) => ({ noOrder: o.no_order })), { noOrder: pending!.no_order }, { noOrder: 'ORD-TIDAK-ADA' }],
    });
    expect(packed.map((r) => r.ok)).toEqual([true, true, false, false]);
    expect(packed[0]!.text).toBe(`Order ${paid[0]!.no_order}: PAID → WAREHOUSE (Dikemas)`);
    expect(packed[2]!.text).toBe(`Order ${pending!.no_order} berstatus PENDING; "Kemas" hanya untuk order berstatus PAID`);
    expect(packed[3]!.text).toBe('Order ORD-TIDAK-ADA tidak ditemukan');
    expect(await statusOf(pending!.id)).toEqual(pendingBefore);
    for (const o of paid) expect(await statusOf(o.id)).toMatchObject({ status_order: 'WAREHOUSE', audits: 1 });

    // Ship: the waybill is per order; the one without a waybill is refused and stays WAREHOUSE.
    const shipped = await operateOrders(by, {
      action: 'ship',
      orders: [{ noOrder: paid[0]!.no_order, resi: 'JNE-GD-001' }, { noOrder: paid[1]!.no_order }],
      kota: 'Surabaya',
    });
    expect(shipped.map((r) => [r.ok, r.text])).toEqual([
      [true, `Order ${paid[0]!.no_order}: WAREHOUSE → DELIVERY (Surabaya|Paket diserahkan ke kurir)`],
      [false, `Nomor resi order ${paid[1]!.no_order} harus diisi`],
    ]);
    expect(await statusOf(paid[1]!.id)).toMatchObject({ status_order: 'WAREHOUSE', audits: 1 });

    const o = paid[0]!;
    expect((await operateOrders(by, { action: 'track', orders: [{ noOrder: o.no_order }], kota: 'Semarang' }))[0]).toMatchObject({
      ok: false,
    });
    expect(
      (await operateOrders(by, { action: 'track', orders: [{ noOrder: o.no_order }], kota: 'Semarang', catatan: 'Transit di hub' }))[0],
    ).toMatchObject({ ok: true });
    expect((await operateOrders(by, { action: 'receive', orders: [{ noOrder: o.no_order }], oleh: 'Bu RT' }))[0]).toMatchObject({
      ok: true,
    });
    expect((await operateOrders(by, { action: 'terbang', orders: [{ noOrder: o.no_order }] }))[0]).toEqual({
      noOrder: null,
      ok: false,
      text: 'Aksi tidak dikenal',
    });
    expect((await operateOrders(by, { action: 'pack', orders: [] }))[0]!.text).toBe('Pilih minimal satu order');

    const member = await sessionOf(o.id_member);
    await markOrderDone(member, o.public_id);
    const detail = await getOrderDetail(member, o.public_id);
    expect(detail).toMatchObject({ status_order: 'DONE', no_resi: 'JNE-GD-001', received_by: 'Bu RT' });
    expect(detail.order_histories.slice(-5).map((h) => [h.status, h.actor])).toEqual([
      ['WAREHOUSE', by.nama],
      ['DELIVERY', by.nama],
      ['DELIVERY', by.nama],
      ['RECEIVED', by.nama],
      ['DONE', 'User'],
    ]);
    const audit = await listAudit({ object: o.no_order });
    expect(audit.map((a) => a.action).reverse()).toEqual(['order:pack', 'order:ship', 'order:track', 'order:receive']);
    expect(audit[0]).toMatchObject({
      operatorId: by.id,
      operatorNama: by.nama,
      before: { status_order: 'DELIVERY' },
      after: { status_order: 'RECEIVED' },
    });
  });

  it('the queue searches by order number, ID member and name; the CLI uses the same service and is audited too', async () => {
    const [o] = await orders(sql`o.status_order = 'PAID' and not o.pickup_store and m.id > 9 and o.no_resi is null`);
    const by = await gudang();
    const queue = async (search: string) => (await orderQueue(by, { status: 'PAID', search })).rows.map((r) => r.noOrder);
    expect(await queue(o!.id_member)).toContain(o!.no_order);
    expect(await queue(o!.no_order)).toEqual([o!.no_order]);
    expect(await queue('tidak-ada-yang-cocok-%')).toEqual([]);
    expect(await orderCommand('pack', [o!.no_order, '--admin', 'Budi Skrip'])).toContain('PAID → WAREHOUSE');
    expect((await listAudit({ object: o!.no_order }))[0]).toMatchObject({
      action: 'order:pack',
      operatorId: null,
      operatorNama: 'Budi Skrip',
    });
  });

  it('prints packing lists and labels as PDF, one page per order; a finished or unknown order is refused', async () => {
    const paid = await orders(sql`o.status_order in ('PAID', 'WAREHOUSE') and not o.pickup_store`, 3);
    for (const kind of ['packing', 'label']) {
      const { pdf, filename } = await printOrders(
        await gudang(),
        kind,
        paid.map((o) => o.no_order),
      );
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(3);
      expect(doc.getTitle()).toContain(paid[2]!.no_order);
      expect(filename).toBe(`${kind === 'packing' ? 'daftar-kemas' : 'label-kirim'}-3-order.pdf`);
    }
    const [done] = await orders(sql`o.status_order = 'DONE'`);
    await expect(printOrders(await gudang(), 'label', [done!.no_order])).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(printOrders(await gudang(), 'label', ['ORD-TIDAK-ADA'])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order ORD-TIDAK-ADA tidak ditemukan',
    });
    await expect(printOrders(await gudang(), 'faktur', [paid[0]!.no_order])).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(printOrders(await gudang(), 'packing', [])).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('returns from the console (GUDANG)', () => {
  it('PENDING → approved → (member waybill) → received → finished with its replacement order, each audited and in the history', async () => {
    const by = await gudang();
    const [retur] = await selectRows<{ no_retur: string; public_id: string; id_member: string }>(
      await getDb(),
      sql`
      select r.no_retur, r.public_id::text as public_id, m.id_member from retur_jual r join members m on m.id = r.member_id
      where r.status = 'PENDING' order by r.id limit 1`,
    );
    const no = retur!.no_retur;
    expect((await returnQueue('PENDING')).map((r) => r.noRetur)).toContain(no);
    expect((await returnQueue('PENDING', retur!.id_member)).map((r) => r.noRetur)).toContain(no);

    const detail = await getReturnForOperator(no);
    expect(detail.buyer.id_member).toBe(retur!.id_member);
    expect(detail.retur_jual_files).toHaveLength(3);
    expect(detail.retur_jual_files[0]!.file).toBe(`/admin/retur/file/${detail.retur_jual_files[0]!.public_id}`);
    const evidence = await readReturnFileForOperator(detail.retur_jual_files[0]!.public_id);
    expect(evidence.mime).toBe('image/png');
    expect(evidence.bytes.subarray(1, 4).toString()).toBe('PNG');
    await expect(getReturnForOperator('RTR-TIDAK-ADA')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await expect(settleReturn(no, 'reject', { catatan: '   ', by })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Alasan penolakan harus diisi',
    });
    await expect(settleReturn(no, 'receive', { by })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Retur ${no} berstatus PENDING; "Terima paket" hanya untuk retur berstatus DELIVERY`,
    });
    expect((await getReturnForOperator(no)).status).toBe('PENDING');
    expect(await listAudit({ object: no })).toEqual([]);

    await settleReturn(no, 'approve', { by });
    const member = await sessionOf(retur!.id_member);
    await submitReturnResi(member, { public_id: retur!.public_id, ekspedisi: 'jne', resi: 'rtr123' });
    await settleReturn(no, 'receive', { by });
    expect(await settleReturn(no, 'finish', { by })).toMatch(
      new RegExp(`^Retur ${no}: finish selesai, status DONE \\(invoice pengganti INV-\\d{8}-\\d{7}\\)$`),
    );

    const seen = await getReturn(member, retur!.public_id);
    expect(seen.status).toBe('DONE');
    expect(seen.retur_jual_histories.map((h) => [h.status, h.actor])).toEqual([
      ['PENDING', expect.any(String)],
      ['APPROVED', by.nama],
      ['DELIVERY', 'Member'],
      ['RECEIVED', by.nama],
      ['DONE', by.nama],
    ]);
    const [replacement] = await orders(sql`o.no_invoice = ${seen.kirim_ulang!.no_invoice}`);
    expect(replacement).toMatchObject({ status_order: 'PAID', id_member: retur!.id_member });
    const replacementDetail = await getOrderDetail(member, replacement!.public_id);
    expect(replacementDetail.order_histories.at(-1)).toMatchObject({ status: 'PAID', actor: by.nama });
    expect((await listAudit({ object: no })).map((a) => a.action).reverse()).toEqual(['retur:approve', 'retur:receive', 'retur:finish']);
  });

  it('a rejection keeps the reason the member sees', async () => {
    const by = await gudang();
    const [retur] = await selectRows<{ no_retur: string }>(
      await getDb(),
      sql`select no_retur from retur_jual where status = 'APPROVED' order by id limit 1`,
    );
    await settleReturn(retur!.no_retur, 'reject', { catatan: 'Barang bukan dari order ini', by });
    const after = await getReturnForOperator(retur!.no_retur);
    expect(after).toMatchObject({ status: 'REJECTED', alasan_ditolak: 'Barang bukan dari order ini' });
    expect((await listAudit({ object: retur!.no_retur }))[0]).toMatchObject({
      action: 'retur:reject',
      after: { status: 'REJECTED', keterangan: 'Barang bukan dari order ini' },
    });
  });
});

describe('stock from the console (GUDANG)', () => {
  it('adjusts with a reason, keeps the history and the audit, marks low stock; bad input changes nothing', async () => {
    const by = await gudang();
    const { threshold, rows } = await listStock();
    const place = rows.find((r) => r.qty > threshold + 10)!;
    const lowBefore = await countLowStock();
    const key = { warehouse_id: place.warehouse_id, product_id: place.product_id };

    const refused = [
      [{ ...key, perubahan: 0, alasan: 'Stok opname' }, 'Perubahan stok tidak boleh 0'],
      [{ ...key, perubahan: 5, alasan: ' ' }, 'Alasan harus diisi (minimal 3 karakter)'],
      [{ ...key, perubahan: '1.5', alasan: 'Stok opname' }, 'Perubahan stok harus berupa angka bulat'],
      [{ ...key, warehouse_id: '', perubahan: 5, alasan: 'Stok opname' }, 'Pilih gudang'],
      [
        { ...key, perubahan: -(place.qty + 1), alasan: 'Stok opname' },
        `Stok ${place.kode} di ${place.gudang} tinggal ${place.qty}; tidak bisa dikurangi ${place.qty + 1}`,
      ],
      [{ ...key, warehouse_id: 999999, perubahan: 5, alasan: 'Stok opname' }, 'Gudang atau produk tidak ditemukan'],
    ] as const;
    for (const [input, message] of refused) await expect(adjustStock(by, input as never)).rejects.toMatchObject({ message });
    expect(await listStockMovements()).toEqual([]);
    expect((await listStock({ warehouseId: place.warehouse_id })).rows.find((r) => r.product_id === place.product_id)!.qty).toBe(place.qty);

    const down = place.qty - threshold;
    expect((await adjustStock(by, { ...key, perubahan: -down, alasan: 'Barang rusak di rak' })).qty).toBe(threshold);
    await adjustStock(by, { ...key, perubahan: '7', alasan: 'Stok opname' });
    const [latest, first] = await listStockMovements(place.warehouse_id);
    expect(first).toMatchObject({
      kode: place.kode,
      qtyBefore: place.qty,
      qtyAfter: threshold,
      alasan: 'Barang rusak di rak',
      operatorNama: by.nama,
    });
    expect(latest).toMatchObject({ qtyBefore: threshold, qtyAfter: threshold + 7, alasan: 'Stok opname' });
    expect(await countLowStock()).toBe(lowBefore);
    await adjustStock(by, { ...key, perubahan: -7, alasan: 'Koreksi hitung' });
    expect(await countLowStock()).toBe(lowBefore + 1);
    expect((await consoleOverview()).lowStock).toBe(lowBefore + 1);
    const low = await listStock({ warehouseId: place.warehouse_id, lowOnly: true });
    expect(low.rows.find((r) => r.product_id === place.product_id)).toMatchObject({ qty: threshold, menipis: true });
    const audit = await listAudit({ action: 'stok:adjust' });
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      object: `stok:${place.gudang}/${place.kode}`,
      operatorNama: by.nama,
      before: { qty: threshold + 7 },
      after: { qty: threshold, alasan: 'Koreksi hitung' },
    });
  });
});

describe('the GUDANG pages and their roles', () => {
  async function visit(path: string, username: string) {
    const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `gd-${username}` });
    return visitConsole(path, token);
  }

  it('GUDANG and SUPERADMIN open them; KEUANGAN, KONTEN and CS are refused with 403', async () => {
    const pages = [
      '/admin/orders',
      '/admin/orders/cetak?jenis=label&no_order=X',
      '/admin/orders/impor-resi',
      '/admin/orders/label?no_order=X',
      '/admin/retur',
      '/admin/retur/RTR-1',
      '/admin/retur/file/x',
      '/admin/stok',
    ];
    for (const path of pages) {
      expect(await visit(path, 'gudang')).toEqual({ reached: true, status: 200 });
      expect(await visit(path, 'superadmin')).toEqual({ reached: true, status: 200 });
      for (const other of ['keuangan', 'konten', 'cs']) expect(await visit(path, other)).toEqual({ reached: false, status: 403 });
    }
  });
});
