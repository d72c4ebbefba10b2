// @template year — the demo's paid orders in several warehouses

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { importResi } from '../../src/server/services/operator/import-resi';
import { labelSheet } from '../../src/server/services/operator/label-sheet';
import { listAudit } from '../../src/server/services/operator/list-audit';
import { orderQueue } from '../../src/server/services/operator/order-queue';
import { refundOrder } from '../../src/server/services/order/refund-order';

async function operator(username: 'gudang' | 'keuangan') {
  const [row] = await selectRows<{ id: number; nama: string }>(
    await getDb(),
    sql`select id::int as id, nama from operators where username = ${username}`,
  );
  return { ...row!, role: username === 'gudang' ? ('GUDANG' as const) : ('KEUANGAN' as const) };
}

interface Row {
  id: number;
  no_order: string;
  status_order: string;
  no_resi: string | null;
  gudang_id: number | null;
}
const orders = async (where: ReturnType<typeof sql>, limit = 1000) =>
  selectRows<Row>(
    await getDb(),
    sql`
    select o.id::int as id, o.no_order, o.status_order, o.no_resi, o.gudang_id::int as gudang_id from orders o
    where ${where} order by o.created_at desc, o.id desc limit ${limit}`,
  );
const csv = (text: string) => ({ name: 'resi.csv', bytes: new TextEncoder().encode(text) });

describe('the warehouse queue at volume', () => {
  it('pages by keyset without gaps or repeats, back and forth, and filters by warehouse', async () => {
    const by = await operator('gudang');
    const expected = (await orders(sql`o.status_order = 'PAID'`)).map((o) => o.no_order);
    expect(expected.length).toBeGreaterThan(4);

    const seen: string[] = [];
    const pages: string[][] = [];
    let after: string | undefined;
    for (;;) {
      const page = await orderQueue(by, { status: 'PAID', pageSize: 2, after });
      expect(page.total).toBe(expected.length);
      pages.push(page.rows.map((r) => r.noOrder));
      seen.push(...page.rows.map((r) => r.noOrder));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(seen).toEqual(expected);
    // Back from the second page lands on the first, with no previous page before it.
    const back = await orderQueue(by, { status: 'PAID', pageSize: 2, before: pages[1]![0] });
    expect(back.rows.map((r) => r.noOrder)).toEqual(pages[0]);
    expect(back.prevCursor).toBeUndefined();
    expect(back.nextCursor).toBe(pages[0]!.at(-1));
    // A cursor that is no order answers an empty page, never other rows.
    expect((await orderQueue(by, { status: 'PAID', after: 'ORD-20990101-0000001' })).rows).toEqual([]);

    const [{ gudang_id: warehouse }] = (await orders(sql`o.status_order = 'PAID' and o.gudang_id is not null`, 1)) as [Row];
    const inWarehouse = (await orders(sql`o.status_order = 'PAID' and o.gudang_id = ${warehouse}`)).map((o) => o.no_order);
    const filtered = await orderQueue(by, { status: 'PAID', warehouseId: warehouse!, pageSize: 200 });
    expect(filtered.total).toBe(inWarehouse.length);
    expect(filtered.total).toBeLessThan(expected.length);
    expect(filtered.rows.map((r) => r.noOrder)).toEqual(inWarehouse);
    expect(new Set(filtered.rows.map((r) => r.gudang)).size).toBe(1);
  });
});

describe('waybills for many orders at once (CSV import)', () => {
  it('applies the good rows through the transition table and reports each bad row in Indonesian; audited', async () => {
    const by = await operator('gudang');
    const keuangan = await operator('keuangan');
    const courier = sql`not o.pickup_store and o.total_bayar > 0 and o.refunded_at is null and not exists (select 1 from order_refunds r where r.order_id = o.id)`;
    const [refunded] = await orders(sql`o.status_order = 'PAID' and ${courier}`, 1);
    const [a, b, c] = await orders(
      sql`o.status_order = 'PAID' and not o.pickup_store and o.refunded_at is null and o.id <> ${refunded!.id}`,
      3,
    );
    const [packed] = await orders(sql`o.status_order = 'WAREHOUSE' and not o.pickup_store and o.refunded_at is null`, 1);
    const [done] = await orders(sql`o.status_order = 'DONE'`, 1);
    const [holder] = await orders(sql`o.no_resi is not null`, 1);
    await refundOrder(refunded!.no_order, { alasan: 'Stok habis', admin: keuangan.nama, by: keuangan });

    const file = [
      '\ufeffno_order;resi',
      `${a!.no_order};JNE-BULK-001`,
      `${packed!.no_order};JNE-BULK-002`,
      `${refunded!.no_order};JNE-BULK-003`,
      `${done!.no_order};JNE-BULK-004`,
      'ORD-20990101-0000001;JNE-BULK-005',
      `${a!.no_order};JNE-BULK-006`,
      `${b!.no_order};JNE BULK 007`,
      `${b!.no_order};JNE-BULK-002`,
      `${c!.no_order};${holder!.no_resi}`,
      `${b!.no_order}`,
      '',
    ].join('\r\n');
    const result = await importResi(by, csv(file), { kota: 'Surabaya' });
    expect(result.rows.map((r) => [r.baris, r.ok, r.text])).toEqual([
      [2, true, `Order ${a!.no_order}: PAID → DELIVERY (Surabaya|Paket diserahkan ke kurir)`],
      [3, true, `Order ${packed!.no_order}: WAREHOUSE → DELIVERY (Surabaya|Paket diserahkan ke kurir)`],
      [4, false, `Order ${refunded!.no_order} sudah dikembalikan dananya (refund); "Kirim (resi)" tidak dapat dilakukan`],
      [5, false, `Order ${done!.no_order} berstatus DONE; "Kirim (resi)" hanya untuk order berstatus PAID atau WAREHOUSE`],
      [6, false, 'Order ORD-20990101-0000001 tidak ditemukan'],
      [7, false, `Order ${a!.no_order} sudah ada di baris 2; baris ini dilewati`],
      [8, false, 'Nomor resi hanya huruf, angka dan tanda minus'],
      [9, false, 'Resi JNE-BULK-002 sudah dipakai di baris 3; baris ini dilewati'],
      [10, false, `Resi ${holder!.no_resi} sudah dipakai order ${holder!.no_order}`],
      [11, false, 'Nomor resi kosong'],
    ]);
    expect([result.applied, result.refused]).toEqual([2, 8]);

    const after = await orders(sql`o.id in (${a!.id}, ${packed!.id}, ${refunded!.id}, ${b!.id}, ${c!.id}, ${done!.id})`);
    const state = (id: number) => after.find((o) => o.id === id)!;
    expect(state(a!.id)).toMatchObject({ status_order: 'DELIVERY', no_resi: 'JNE-BULK-001' });
    expect(state(packed!.id)).toMatchObject({ status_order: 'DELIVERY', no_resi: 'JNE-BULK-002' });
    expect(state(refunded!.id)).toMatchObject({ status_order: 'PAID', no_resi: null });
    expect(state(b!.id)).toMatchObject({ status_order: 'PAID', no_resi: b!.no_resi });
    expect(state(c!.id)).toMatchObject({ status_order: 'PAID', no_resi: c!.no_resi });
    expect(state(done!.id)).toMatchObject({ status_order: 'DONE', no_resi: done!.no_resi });

    expect((await listAudit({ object: a!.no_order }))[0]).toMatchObject({ action: 'order:ship', operatorId: by.id });
    expect((await listAudit({ action: 'order:impor-resi' }))[0]).toMatchObject({
      operatorId: by.id,
      object: 'berkas:resi.csv',
      after: { baris: 10, diterapkan: 2, ditolak: 8, order: [a!.no_order, packed!.no_order] },
    });

    // The labels of the shipped orders carry both barcodes with the decoded text beside them.
    const sheet = await labelSheet(by, [a!.no_order, refunded!.no_order]);
    expect(sheet.labels[0]!.barcodeResi).toMatch(/^<svg role="img" aria-label="Barcode resi JNE-BULK-001"[^>]*>.*<path/s);
    expect(sheet.labels[0]!.barcodeOrder).toContain(`aria-label="Barcode No Order ${a!.no_order}"`);
    expect(sheet.labels[1]).toMatchObject({ no_order: refunded!.no_order, refunded: true, barcodeResi: null });
  });

  it('refuses a file it cannot read, an empty one and any other role, changing nothing', async () => {
    const by = await operator('gudang');
    const [paid] = await orders(sql`o.status_order = 'PAID' and not o.pickup_store and o.refunded_at is null`, 1);
    await expect(importResi(by, undefined)).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Pilih berkas CSV berisi no_order,resi' });
    await expect(importResi(by, csv('no_order,resi\n'))).rejects.toMatchObject({
      message: 'Berkas CSV tidak berisi baris order',
    });
    await expect(importResi(by, csv(`${paid!.no_order},"JNE-1\n`))).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Berkas CSV tidak dapat dibaca (baris 1): periksa tanda kutip dan pemisah kolom',
    });
    await expect(importResi(await operator('keuangan'), csv(`${paid!.no_order},JNE-ROLE-1`))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(orderQueue(await operator('keuangan'), { status: 'PAID' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(labelSheet(await operator('keuangan'), [paid!.no_order])).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await orders(sql`o.id = ${paid!.id}`))[0]).toMatchObject({ status_order: 'PAID', no_resi: paid!.no_resi });
  });
});
