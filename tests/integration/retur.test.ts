// @template year — the demo's returns and received orders
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { returCommand } from '../../src/server/commands/retur';
import { getDb, selectRows } from '../../src/server/db/client';
import { tinyMp4, tinyPng } from '../../src/server/db/seed/returns';
import { filesRoot, sniffMedia } from '../../src/server/integrations/files';
import { readMultipart } from '../../src/server/multipart';
import { saveAddress } from '../../src/server/services/address/save-address';
import { refundOrder } from '../../src/server/services/order/refund-order';
import { createReturn, type UploadedFile } from '../../src/server/services/retur/create-return';
import { createReturnFromForm } from '../../src/server/services/retur/create-return-form';
import { getReturn, listReturns, readReturnFile } from '../../src/server/services/retur/get-return';
import { listReturnable } from '../../src/server/services/retur/list-returnable';
import { settleReturn } from '../../src/server/services/retur/operate-return';
import { submitReturnResi } from '../../src/server/services/retur/submit-resi';
import { sessionOf } from './helpers';

const png = (): UploadedFile => ({ name: 'a.png', bytes: tinyPng([200, 10, 10]) });
const mp4 = (bytes = 256): UploadedFile => ({ name: 'v.mp4', bytes: tinyMp4(bytes) });
const jpeg = (bytes: number): UploadedFile => {
  const b = new Uint8Array(bytes);
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return { name: 'f.jpg', bytes: b };
};
const range = {
  from: '2000-01-01',
  to: '2999-12-31',
  page: 1,
  page_size: 20,
  orderby: 'tanggal' as const,
  order: 'desc' as const,
  member: [],
};

/** Generated members (not the demo logins, not the seeded returners) with a returnable order, n-th of them. */
async function returner(skip: number) {
  const db = await getDb();
  const rows = await selectRows<{ id_member: string }>(
    db,
    sql`
    select m.id_member from members m where m.id > 9 and exists (
      select 1 from orders o where o.member_id = m.id and o.status_order in ('RECEIVED', 'DONE') and o.no_invoice is not null
        and o.tgl_invoice >= now() - interval '28 days')
      and not exists (select 1 from retur_jual r where r.member_id = m.id)
    order by m.id offset ${skip} limit 1`,
  );
  const me = await sessionOf(rows[0]!.id_member);
  const [order] = await listReturnable(me);
  const [village] = await selectRows<{ code: string }>(db, sql`select code from villages where code like '35.78.%' order by code limit 1`);
  const address = await saveAddress(me, undefined, {
    label: 'Kantor',
    nama: 'Penerima Retur',
    phone: '6281234567890',
    alamat: 'Jl. Pemuda 1',
    kelurahan_id: village!.code,
    is_default: false,
  });
  return { me, order: order!, address: address.public_id };
}

async function counts() {
  const db = await getDb();
  const [c] = await selectRows<{ r: number; d: number; f: number; h: number; o: number }>(
    db,
    sql`
    select (select count(*)::int from retur_jual) as r, (select count(*)::int from retur_jual_details) as d,
      (select count(*)::int from retur_jual_files) as f, (select count(*)::int from retur_jual_histories) as h, (select count(*)::int from orders) as o`,
  );
  const dir = path.join(filesRoot(), 'retur');
  return { ...c!, stored: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0 };
}

function inputFor(order: Awaited<ReturnType<typeof listReturnable>>[number], address: string, qty?: number) {
  return {
    no_invoice: order.no_invoice,
    deskripsi: 'Kemasan penyok',
    same_address: false,
    saved_address: address,
    details: [{ detail_id: order.order_details[0]!.public_id, qty: qty ?? 1 }],
  };
}

describe('returns', () => {
  it('creates a return with 3 files: lines, private files, PENDING by the buyer; the order is no longer returnable', async () => {
    const { me, order, address } = await returner(0);
    expect(order.order_details[0]!.qty).toBeGreaterThan(0);
    const before = await counts();
    const files = [png(), { name: 'b.png', bytes: tinyPng([1, 2, 3]) }, mp4()];
    const made = await createReturn(me, inputFor(order, address), files);
    expect(made.no_retur).toMatch(/^RTR-\d{8}-\d{7}$/);
    const after = await counts();
    expect(after).toMatchObject({ r: before.r + 1, d: before.d + 1, f: before.f + 3, h: before.h + 1, stored: before.stored + 3 });

    const detail = await getReturn(me, made.public_id);
    expect(detail.status).toBe('PENDING');
    expect(detail.order.no_invoice).toBe(order.no_invoice);
    expect(detail.nama_kirim).toBe('Penerima Retur');
    expect(detail.kota).toBe('Kota Surabaya');
    expect(detail.retur_jual_details).toEqual([
      { qty: 1, order_detail_id: order.order_details[0]!.public_id, barang: order.order_details[0]!.barang },
    ]);
    expect(detail.retur_jual_files.map((f) => f.type)).toEqual(['image', 'image', 'video']);
    expect(detail.retur_jual_histories).toMatchObject([{ status: 'PENDING', actor: me.nama }]);
    const file = await readReturnFile(me, detail.retur_jual_files[2]!.public_id);
    expect(file.mime).toBe('video/mp4');
    expect(Buffer.compare(file.bytes, Buffer.from(files[2]!.bytes))).toBe(0);

    expect((await listReturnable(me)).map((o) => o.no_invoice)).not.toContain(order.no_invoice);
    const list = await listReturns(me, range);
    expect(list.rows[0]).toMatchObject({ no_retur: made.no_retur, status: 'PENDING', order: { no_invoice: order.no_invoice } });
    // A second return of the same order while the first is open is refused.
    await expect(createReturn(me, inputFor(order, address), [png(), png(), png()])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses bad evidence and bad lines with the spec’s messages and changes nothing', async () => {
    const { me, order, address } = await returner(1);
    const before = await counts();
    const input = inputFor(order, address);
    await expect(createReturn(me, input, [png(), mp4()])).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Anda harus upload 3 gambar/video',
    });
    await expect(createReturn(me, input, [png(), png(), png(), png()])).rejects.toMatchObject({
      message: 'Anda harus upload 3 gambar/video',
    });
    await expect(createReturn(me, input, [png(), png(), mp4(5_000_001)])).rejects.toMatchObject({
      message: 'File size video maksimal 5MB',
    });
    await expect(createReturn(me, input, [png(), png(), jpeg(1_000_001)])).rejects.toMatchObject({
      message: 'File size gambar maksimal 500KB',
    });
    // Exactly at the limits is allowed by the size rule (checked by the byte sniffing, not the name).
    expect(sniffMedia(tinyMp4(5_000_000))).toMatchObject({ kind: 'video' });
    const text = { name: 'foto.png', bytes: new TextEncoder().encode('ini bukan gambar, hanya teks biasa') };
    await expect(createReturn(me, input, [png(), png(), text])).rejects.toMatchObject({
      message: 'File harus berupa gambar (JPG, PNG, WebP, GIF) atau video (MP4)',
    });
    const max = order.order_details[0]!.qty;
    await expect(createReturn(me, inputFor(order, address, max + 1), [png(), png(), mp4()])).rejects.toMatchObject({
      message: `Max ${max}`,
    });
    await expect(
      createReturn(me, { ...input, saved_address: '00000000-0000-0000-0000-000000000000' }, [png(), png(), mp4()]),
    ).rejects.toMatchObject({ message: 'Pilih Alamat' });
    expect(await counts()).toEqual(before);
  });

  it('another member’s order, return, files and saved address are refused, and nothing changes', async () => {
    const a = await returner(2);
    const b = await returner(3);
    const untouched = await counts();
    // a's returnable order, with a's own line ids and b's address: not b's to return.
    await expect(createReturn(b.me, inputFor(a.order, b.address), [png(), png(), mp4()])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Invoice tidak ditemukan atau tidak dapat diretur',
    });
    expect(await counts()).toEqual(untouched);
    const made = await createReturn(a.me, inputFor(a.order, a.address), [png(), png(), mp4()]);
    const before = await counts();
    await expect(createReturn(b.me, inputFor(b.order, a.address), [png(), png(), mp4()])).rejects.toMatchObject({
      message: 'Pilih Alamat',
    });
    await expect(getReturn(b.me, made.public_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const file = (await getReturn(a.me, made.public_id)).retur_jual_files[0]!;
    await expect(readReturnFile(b.me, file.public_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await settleReturn(made.no_retur, 'approve');
    await expect(submitReturnResi(b.me, { public_id: made.public_id, ekspedisi: 'jne', resi: 'JNE123' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await listReturns(b.me, range)).rows.map((r) => r.public_id)).not.toContain(made.public_id);
    const after = await counts();
    expect({ ...after, h: after.h - 1 }).toEqual(before);
    expect((await getReturn(a.me, made.public_id)).status).toBe('APPROVED');
  });

  it('operator flow: approve, waybill by the member, receive, finish with a zero-value replacement order', async () => {
    const { me, order, address } = await returner(4);
    const line = order.order_details[0]!;
    const made = await createReturn(me, inputFor(order, address, line.qty), [png(), png(), mp4()]);
    await expect(submitReturnResi(me, { public_id: made.public_id, ekspedisi: 'jne', resi: 'JNE1' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(settleReturn(made.no_retur, 'finish')).rejects.toMatchObject({ code: 'CONFLICT' });
    await settleReturn(made.no_retur, 'approve', { admin: 'Rina' });
    await submitReturnResi(me, { public_id: made.public_id, ekspedisi: 'sicepat', resi: 'sc-778899' });
    let detail = await getReturn(me, made.public_id);
    expect(detail).toMatchObject({ status: 'DELIVERY', ekspedisi: 'sicepat', no_resi: 'SC-778899' });
    expect(detail.manifest).toHaveLength(1);
    expect(detail.manifest[0]!.manifest_description).toContain('SC-778899');
    await settleReturn(made.no_retur, 'receive', { admin: 'Budi' });
    const ordersBefore = (await counts()).o;
    const message = await settleReturn(made.no_retur, 'finish', { admin: 'Rina' });
    expect(message).toContain('invoice pengganti INV-');
    detail = await getReturn(me, made.public_id);
    expect(detail.status).toBe('DONE');
    expect(detail.retur_jual_histories.map((h) => [h.status, h.actor])).toEqual([
      ['PENDING', me.nama],
      ['APPROVED', 'Rina'],
      ['DELIVERY', 'Member'],
      ['RECEIVED', 'Budi'],
      ['DONE', 'Rina'],
    ]);
    expect(detail.manifest.map((m) => m.city_name)).toEqual([detail.kota, 'Kota Surabaya']);
    expect((await counts()).o).toBe(ordersBefore + 1);
    const db = await getDb();
    const [replacement] = await selectRows<{
      member_id: number;
      jenis_order: string;
      status_order: string;
      total_bv: number;
      total_harga: string;
      total_bayar: string;
      no_invoice: string;
      public_id: string;
      nama_kirim: string;
      paid_at: string | null;
    }>(
      db,
      sql`
      select o.member_id::int as member_id, o.jenis_order, o.status_order, o.total_bv, o.total_harga::text as total_harga, o.total_bayar::text as total_bayar,
        o.no_invoice, o.public_id::text as public_id, o.nama_kirim, o.paid_at::text as paid_at
      from orders o join retur_jual r on r.kirim_ulang_id = o.id where r.public_id = ${made.public_id}::uuid`,
    );
    expect(replacement).toMatchObject({
      member_id: me.id,
      jenis_order: 'ro',
      status_order: 'PAID',
      total_bv: 0,
      total_harga: '0',
      total_bayar: '0',
      nama_kirim: 'Penerima Retur',
    });
    expect(detail.kirim_ulang).toEqual({ public_id: replacement!.public_id, no_invoice: replacement!.no_invoice });
    const details = await selectRows<{ qty: number; nama: string; harga: string; value: number }>(
      db,
      sql`
      select d.qty, p.nama, d.harga::text as harga, d.value from order_details d join products p on p.id = d.product_id join orders o on o.id = d.order_id
      where o.public_id = ${replacement!.public_id}::uuid`,
    );
    expect(details).toEqual([{ qty: line.qty, nama: line.barang.nama, harga: '0', value: 0 }]);
    const histories = await selectRows<{ status: string; admin_nama: string | null }>(
      db,
      sql`
      select h.status, h.admin_nama from order_histories h join orders o on o.id = h.order_id where o.public_id = ${replacement!.public_id}::uuid order by h.id`,
    );
    expect(histories).toEqual([
      { status: 'PENDING', admin_nama: null },
      { status: 'PAID', admin_nama: 'Rina' },
    ]);
    // Everything of that line was returned: it is not offered again.
    const again = (await listReturnable(me)).find((o) => o.no_invoice === order.no_invoice);
    expect(again?.order_details.find((d) => d.public_id === line.public_id)).toBeUndefined();
  });

  it('reject needs a reason, shows it, and frees the order for a new request', async () => {
    const { me, order, address } = await returner(5);
    const made = await createReturn(me, inputFor(order, address), [png(), png(), mp4()]);
    await expect(settleReturn(made.no_retur, 'reject')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(await returCommand('reject', [made.no_retur, '--catatan', 'Foto tidak jelas', '--admin', 'Rina'])).toBe(
      `Retur ${made.no_retur}: reject selesai, status REJECTED`,
    );
    const detail = await getReturn(me, made.public_id);
    expect(detail).toMatchObject({ status: 'REJECTED', alasan_ditolak: 'Foto tidak jelas' });
    expect(detail.retur_jual_histories.at(-1)).toMatchObject({ status: 'REJECTED', actor: 'Rina' });
    expect((await listReturnable(me)).map((o) => o.no_invoice)).toContain(order.no_invoice);
    await expect(settleReturn(made.no_retur, 'approve')).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('two simultaneous requests for the same order make one return', async () => {
    const { me, order, address } = await returner(6);
    const results = await Promise.allSettled([0, 1, 2].map(() => createReturn(me, inputFor(order, address), [png(), png(), mp4()])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const db = await getDb();
    const [n] = await selectRows<{ n: number; files: number }>(
      db,
      sql`
      select count(*)::int as n, (select count(*)::int from retur_jual_files f join retur_jual r2 on r2.id = f.retur_id where r2.member_id = ${me.id}) as files
      from retur_jual r where r.member_id = ${me.id}`,
    );
    expect(n).toEqual({ n: 1, files: 3 });
  });

  it('reads the multipart form (details JSON or one qty field per line) and caps the body size', async () => {
    const { me, order, address } = await returner(7);
    const form = new FormData();
    form.set('no_invoice', order.no_invoice);
    form.set('deskripsi', 'Isi kurang');
    form.set('same_address', 'false');
    form.set('saved_address', address);
    form.set(`qty_${order.order_details[0]!.public_id}`, '1');
    for (const f of [png(), png(), mp4()]) form.append('files', new Blob([f.bytes as Uint8Array<ArrayBuffer>]), f.name);
    const request = new Request('http://x/member/transaction/retur', { method: 'POST', body: form });
    const made = await createReturnFromForm(me, await readMultipart(request));
    expect((await getReturn(me, made.public_id)).retur_jual_details).toHaveLength(1);

    const empty = new FormData();
    empty.set('no_invoice', '');
    await expect(
      createReturnFromForm(me, await readMultipart(new Request('http://x', { method: 'POST', body: empty }))),
    ).rejects.toMatchObject({ message: 'Pilih Invoice' });
    const noReason = new FormData();
    noReason.set('no_invoice', order.no_invoice);
    noReason.set('same_address', 'true');
    noReason.set('details', '[]');
    await expect(
      createReturnFromForm(me, await readMultipart(new Request('http://x', { method: 'POST', body: noReason }))),
    ).rejects.toMatchObject({ message: 'Alasan harus diisi' });
    const big = new FormData();
    big.append('files', new Blob([new Uint8Array(2_000_000)]), 'x.bin');
    await expect(readMultipart(new Request('http://x', { method: 'POST', body: big }), 1_000_000)).rejects.toMatchObject({
      message: 'Data yang dikirim terlalu besar',
    });
  });

  it('what was refunded cannot be returned: refunded lines leave the returnable quantity, a whole refund the order', async () => {
    const db = await getDb();
    // A received repeat order (refunded by line) of a generated member without returns of its own.
    const [row] = await selectRows<{ id_member: string; no_order: string; no_invoice: string }>(
      db,
      sql`
      select m.id_member, o.no_order, o.no_invoice from members m join orders o on o.member_id = m.id
      where m.id > 9 and o.jenis_order = 'ro' and o.status_order in ('RECEIVED', 'DONE') and o.no_invoice is not null
        and o.tgl_invoice >= now() - interval '28 days' and o.refunded_at is null
        and (select sum(qty) from order_details d where d.order_id = o.id) > 1
        and not exists (select 1 from retur_jual r where r.member_id = m.id)
      order by m.id desc limit 1`,
    );
    const me = await sessionOf(row!.id_member);
    const returnable = async () => (await listReturnable(me)).find((o) => o.no_invoice === row!.no_invoice);
    const before = (await returnable())!;
    const line = before.order_details.find((d) => d.qty > 0)!;
    await refundOrder(row!.no_order, { baris: [{ detail: line.public_id, qty: 1 }], alasan: 'Satu rusak', admin: 'Rina' });
    expect((await returnable())?.order_details.find((d) => d.public_id === line.public_id)?.qty ?? 0).toBe(line.qty - 1);

    await refundOrder(row!.no_order, { alasan: 'Sisanya', admin: 'Rina' });
    expect(await returnable()).toBeUndefined();
    const [village] = await selectRows<{ code: string }>(
      db,
      sql`select code from villages where code like '35.78.%' order by code limit 1`,
    );
    const address = await saveAddress(me, undefined, {
      label: 'Rumah',
      nama: 'Penerima',
      phone: '6281234567890',
      alamat: 'Jl. Pemuda 2',
      kelurahan_id: village!.code,
      is_default: false,
    });
    await expect(createReturn(me, inputFor(before, address.public_id), [png(), png(), png()])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the demo has returns in every status with evidence files that sniff as image or video', async () => {
    const db = await getDb();
    const statuses = await selectRows<{ username: string; statuses: string[] }>(
      db,
      sql`
      select m.username, array_agg(distinct r.status order by r.status) as statuses from retur_jual r join members m on m.id = r.member_id
      where m.username in ('demoplatinum', 'demosilver') group by m.username order by m.username`,
    );
    expect(statuses.find((s) => s.username === 'demoplatinum')?.statuses).toEqual([
      'APPROVED',
      'DELIVERY',
      'DONE',
      'PENDING',
      'RECEIVED',
      'REJECTED',
    ]);
    expect(statuses.find((s) => s.username === 'demosilver')?.statuses.length).toBeGreaterThan(0);
    const me = await sessionOf('demoplatinum');
    const list = await listReturns(me, { ...range, from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) });
    expect(list.total_count).toBe(6);
    for (const row of list.rows) {
      const detail = await getReturn(me, row.public_id);
      expect(detail.retur_jual_files).toHaveLength(3);
      for (const f of detail.retur_jual_files) expect(sniffMedia((await readReturnFile(me, f.public_id)).bytes)?.kind).toBe(f.type);
      if (detail.status === 'DONE') expect(detail.kirim_ulang?.no_invoice).toMatch(/^INV-/);
      if (detail.status === 'REJECTED') expect(detail.alasan_ditolak).toBeTruthy();
    }
    expect((await listReturnable(me)).length).toBeGreaterThan(0);
    // Paged and sorted by the server.
    const page2 = await listReturns(me, { ...range, page: 2, page_size: 4, orderby: 'no_retur', order: 'asc' });
    const all = (await listReturns(me, { ...range, orderby: 'no_retur', order: 'asc' })).rows.map((r) => r.no_retur);
    expect(all).toEqual([...all].sort());
    expect(page2.total_count).toBe(6);
    expect(page2.rows.map((r) => r.no_retur)).toEqual(all.slice(4, 6));
  });
});
