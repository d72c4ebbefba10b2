// @template year — the showcase orders of members 270-272

import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jakartaDate } from '../../src/lib/calendar';
import { defaultRange } from '../../src/lib/report-range';
import { OrderListQuerySchema } from '../../src/lib/schemas/order-list';
import { POST as waybillEndpoint } from '../../src/pages/member/shipping-waybill';
import { GET as listEndpoint } from '../../src/pages/member/transaction/index';
import { GET as doneEndpoint } from '../../src/pages/member/transaction/process-selesai/[id]';
import OrderDetailPage from '../../src/pages/transaksi/order-transaksi/detail/[public_id].astro';
import { getDb, selectRows } from '../../src/server/db/client';
import { defaultSettings } from '../../src/server/domain/default-settings';
import { getOrderDetail, PICKUP_DAYS } from '../../src/server/services/order/get-order-detail';
import { listOrders } from '../../src/server/services/order/list-orders';
import { MARK_DONE_ONLY_RECEIVED, markOrderDone } from '../../src/server/services/order/mark-order-done';
import { operateOrder } from '../../src/server/services/order/operate-order';
import { trackOrder } from '../../src/server/services/order/track-order';
import { createContainer } from './container';
import { memberId, sessionOf } from './helpers';

// The showcase members of the demo (src/server/db/seed/orders.ts SHOWCASE_MEMBERS).
const A = memberId(270);
const B = memberId(271);

interface OrderRow {
  id: number;
  public_id: string;
  no_order: string;
  status_order: string;
  no_resi: string | null;
  ekspedisi: string | null;
  payment_method: string;
  pickup_store: boolean;
}

async function ordersOf(idMember: string, where = sql`true`): Promise<OrderRow[]> {
  return selectRows<OrderRow>(
    await getDb(),
    sql`
    select o.id::int as id, o.public_id::text as public_id, o.no_order, o.status_order, o.no_resi, o.ekspedisi, o.payment_method, o.pickup_store
    from orders o join members m on m.id = o.member_id where m.id_member = ${idMember} and ${where} order by o.id`,
  );
}
const one = async (idMember: string, where: ReturnType<typeof sql>) => (await ordersOf(idMember, where))[0]!;
const stateOf = async (id: number) =>
  (
    await selectRows<{ status_order: string; histories: number }>(
      await getDb(),
      sql`
  select status_order, (select count(*)::int from order_histories h where h.order_id = o.id) as histories from orders o where o.id = ${id}`,
    )
  )[0]!;

const query = (extra: Record<string, unknown> = {}) =>
  OrderListQuerySchema.parse({ ...defaultRange('last30'), page: 1, page_size: 10, ...extra });

/** A minimal Astro endpoint context: what the middleware would have put in locals. */
const ctx = (member: unknown, url: string, init?: RequestInit & { params?: Record<string, string> }) =>
  ({
    url: new URL(url, 'http://portal.test'),
    request: new Request(new URL(url, 'http://portal.test'), init),
    params: init?.params ?? {},
    locals: { member },
  }) as unknown as APIContext;

describe('order list', () => {
  it('lists only the member’s own orders of the last 30 days (Jakarta days), newest first, 10 per page', async () => {
    const a = await sessionOf(A);
    const list = await listOrders(a, query());
    const [count] = await selectRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from orders
      where member_id = ${a.id} and tgl_order >= (${jakartaDate(Date.now() - 30 * 86_400_000)}::date)::timestamp at time zone 'Asia/Jakarta'`,
    );
    expect(list.total_count).toBe(count!.n);
    expect(list.total_count).toBeGreaterThan(10);
    expect(list.rows).toHaveLength(10);
    const own = new Set((await ordersOf(A)).map((o) => o.public_id));
    expect(list.rows.every((r) => own.has(r.public_id))).toBe(true);
    const dates = list.rows.map((r) => Date.parse(r.tgl_order));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    const page2 = await listOrders(a, query({ page: 2 }));
    expect(page2.rows).toHaveLength(list.total_count - 10);
    expect(page2.rows.some((r) => list.rows.some((s) => s.public_id === r.public_id))).toBe(false);
  });

  it('filters by status, searches no_order and no_invoice, and hides the invoice of unpaid orders', async () => {
    const a = await sessionOf(A);
    const unpaid = await listOrders(a, query({ status: ['PENDING', 'EXPIRED', 'BOGUS'] }));
    expect(unpaid.rows.length).toBeGreaterThanOrEqual(3);
    expect(
      unpaid.rows.every((r) => ['PENDING', 'EXPIRED'].includes(r.status_order) && r.no_invoice === null && r.tgl_invoice === null),
    ).toBe(true);
    const received = await one(A, sql`o.status_order = 'RECEIVED' and not o.pickup_store`);
    const byOrder = await listOrders(a, query({ search: received.no_order.slice(-7) }));
    expect(byOrder.rows.map((r) => r.no_order)).toEqual([received.no_order]);
    const byInvoice = await listOrders(a, query({ search: received.no_order.replace('ORD', 'INV') }));
    expect(byInvoice.rows.map((r) => r.public_id)).toEqual([received.public_id]);
    expect((await listOrders(a, query({ search: '%' }))).total_count).toBe(0);
  });

  it('sorts by a whitelisted column in both directions and ignores unknown ones', async () => {
    const a = await sessionOf(A);
    const asc = await listOrders(a, query({ orderby: 'total_bayar', order: 'asc', page_size: 100 }));
    const totals = asc.rows.map((r) => r.total_bayar);
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    const desc = await listOrders(a, query({ orderby: 'status_order', order: 'desc', page_size: 100 }));
    const statuses = desc.rows.map((r) => r.status_order);
    expect(statuses).toEqual([...statuses].sort().reverse());
    const evil = query({ orderby: 'tgl_order; drop table orders', order: 'sideways' });
    expect([evil.orderby, evil.order]).toEqual(['tgl_order', 'desc']);
  });

  it('offers opt_member only to members whose registrations created members, and filters by them', async () => {
    const db = await getDb();
    const [sponsor] = await selectRows<{ id_member: string; n: number }>(
      db,
      sql`
      select m.id_member, count(*)::int as n from orders o join members m on m.id = o.member_id
      where o.jenis_order = 'reg' and o.new_member_id is not null group by m.id_member order by 2 desc, 1 limit 1`,
    );
    const s = await sessionOf(sponsor!.id_member);
    const all = await listOrders(s, query({ from: '2000-01-01', page_size: 100 }));
    expect(all.opt_member?.length).toBe(Math.min(sponsor!.n, 200));
    const chosen = all.opt_member![0]!;
    const filtered = await listOrders(s, query({ from: '2000-01-01', member: [chosen.id, 'not-a-uuid'] }));
    expect(filtered.total_count).toBe(1);
    expect(filtered.rows[0]).toMatchObject({ jenis_order: 'reg', member: { id_member: chosen.id_member, nama: chosen.nama } });
    const byIdMember = await listOrders(s, query({ from: '2000-01-01', member: [chosen.id_member] }));
    expect(byIdMember.rows.map((r) => r.public_id)).toEqual(filtered.rows.map((r) => r.public_id));

    const [loner] = await selectRows<{ id_member: string }>(
      db,
      sql`
      select m.id_member from members m where m.id > 5 and not exists (select 1 from orders o where o.member_id = m.id and o.jenis_order = 'reg')
      order by m.id limit 1`,
    );
    expect('opt_member' in (await listOrders(await sessionOf(loner!.id_member), query()))).toBe(false);
  });

  it('GET /member/transaction reads the spec’s filter JSON, and a reversed range is a 400 in Indonesian', async () => {
    const a = await sessionOf(A);
    const filter = encodeURIComponent(
      JSON.stringify({
        tgl_order: { between: [jakartaDate(Date.now() - 30 * 86_400_000), jakartaDate()] },
        status_order: { in: ['DELIVERY', 'RECEIVED'] },
      }),
    );
    const response = await listEndpoint(ctx(a, `/member/transaction?page=1&page_size=5&filter=${filter}&orderby=no_order&order=asc`));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.result.rows.length).toBeGreaterThan(0);
    expect(body.result.rows.every((r: { status_order: string }) => ['DELIVERY', 'RECEIVED'].includes(r.status_order))).toBe(true);
    const bad = await listEndpoint(
      ctx(a, `/member/transaction?filter=${encodeURIComponent(JSON.stringify({ tgl_order: { between: ['2026-02-01', '2026-01-01'] } }))}`),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Tanggal awal harus sebelum tanggal akhir');
  });
});

describe('order detail', () => {
  it('a PENDING virtual-account order: waiting label, no invoice, VA number and expiry, pay-now and auto-open', async () => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = 'PENDING' and o.payment_method = 'bca_va'`);
    const d = await getOrderDetail(a, order.public_id);
    expect(d).toMatchObject({
      status_order: 'PENDING',
      payment_label: 'Menunggu Pembayaran',
      no_invoice: null,
      tgl_invoice: null,
      can_pay: true,
      auto_pay: true,
      can_track: false,
      can_mark_done: false,
    });
    expect(d.pembayaran).toMatchObject({ payment_type: 'bank_transfer', va_bank: 'bca' });
    expect(d.pembayaran?.va_number).toMatch(/^\d{10,}$/);
    expect(Date.parse(d.expires_at!)).toBeGreaterThan(Date.parse(d.tgl_order));
    expect(d.order_histories.map((h) => [h.status, h.actor])).toEqual([['PENDING', 'User']]);
    // The totals add up to what the member pays, the fee being the 'Biaya Jasa Aplikasi'.
    const items = d.order_details.reduce((s, i) => s + i.harga * i.qty, 0);
    expect(items + d.biaya_kirim + d.asuransi_kirim + d.biaya_pembayaran - d.diskon_biaya_kirim).toBe(d.total_bayar);
    expect(d.biaya_pembayaran).toBeGreaterThan(0);
    expect(d.total_berat).toBe(d.order_details.reduce((s, i) => s + i.berat * i.qty, 0));
  });

  it('transferbca shows the account from the settings and no pay-now button', async () => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = 'PENDING' and o.payment_method = 'transferbca'`);
    const d = await getOrderDetail(a, order.public_id);
    expect(d).toMatchObject({ can_pay: false, auto_pay: false, transferbca: defaultSettings.transfer_bca });
  });

  it.each([
    ['RECEIVED', 'Pembayaran berhasil', true, true],
    ['DELIVERY', 'Pembayaran berhasil', true, false],
    ['DONE', 'Pembayaran berhasil', true, false],
    ['PAID', 'Pembayaran berhasil', false, false],
    ['EXPIRED', 'Pembayaran Kadaluwarsa', false, false],
  ])('%s delivery order: label "%s", tracking %s, mark done %s', async (status, label, track, done) => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = ${status} and not o.pickup_store`);
    const d = await getOrderDetail(a, order.public_id);
    expect(d.payment_label).toBe(label);
    expect(d.can_track).toBe(track);
    expect(d.can_mark_done).toBe(done);
    expect(d.can_pay).toBe(false);
    if (status === 'EXPIRED') expect(d.no_invoice).toBeNull();
    else expect(d.no_invoice).toMatch(/^INV-/);
    if (track) {
      expect(d.no_resi).toBe(order.no_resi);
      expect(d.courier).toBe(order.ekspedisi!.split('|')[0]);
      expect(d.kota_kirim?.nama).toBeTruthy();
      expect(d.order_histories.map((h) => h.actor)).toEqual(expect.arrayContaining(['User', 'System', 'Admin Gudang']));
    }
  });

  it('a pickup order waiting at the warehouse must be collected within 14 days of the invoice date', async () => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = 'PICKUPABLE' and o.pickup_store`);
    const d = await getOrderDetail(a, order.public_id);
    expect(d.gudang?.nama).toMatch(/^Gudang /);
    expect(Date.parse(d.pickup_deadline!) - Date.parse(d.tgl_invoice!)).toBe(PICKUP_DAYS * 86_400_000);
  });

  it('a registration shows the prospective member’s data from the created member', async () => {
    const db = await getDb();
    const [reg] = await selectRows<{ public_id: string; sponsor: string; id_member: string; nama: string }>(
      db,
      sql`
      select o.public_id::text as public_id, s.id_member as sponsor, n.id_member, n.nama from orders o
      join members s on s.id = o.member_id join members n on n.id = o.new_member_id where o.jenis_order = 'reg' order by o.id desc limit 1`,
    );
    const d = await getOrderDetail(await sessionOf(reg!.sponsor), reg!.public_id);
    expect(d.join_member).toBe(true);
    expect(d.member).toMatchObject({ id_member: reg!.id_member, nama: reg!.nama });
    expect(d.member?.kota_domisili?.nama).toBeTruthy();
  });

  it('another member’s order, or a made-up id, is not found', async () => {
    const b = await sessionOf(B);
    const order = await one(A, sql`o.status_order = 'RECEIVED'`);
    await expect(getOrderDetail(b, order.public_id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order tidak ditemukan' });
    await expect(getOrderDetail(b, 'bukan-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('mark done', () => {
  it('moves the owner’s RECEIVED order to DONE once, writing the DONE history as User', async () => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = 'RECEIVED' and not o.pickup_store`);
    const before = await stateOf(order.id);
    const response = await doneEndpoint(
      ctx(a, `/member/transaction/process-selesai/${order.public_id}?no_order=${order.no_order}`, { params: { id: order.public_id } }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Order telah diselesaikan');
    expect(await stateOf(order.id)).toEqual({ status_order: 'DONE', histories: before.histories + 1 });
    const [last] = await selectRows<{ status: string; id_admin: number }>(
      await getDb(),
      sql`
      select status, id_admin from order_histories where order_id = ${order.id} order by tanggal desc, id desc limit 1`,
    );
    expect(last).toEqual({ status: 'DONE', id_admin: 0 });
    await expect(markOrderDone(a, order.public_id)).rejects.toMatchObject({ code: 'CONFLICT', message: MARK_DONE_ONLY_RECEIVED });
    expect((await stateOf(order.id)).histories).toBe(before.histories + 1);
  });

  it.each(['DELIVERY', 'PAID', 'PENDING'])('refuses a %s order and changes nothing', async (status) => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = ${status}`);
    const before = await stateOf(order.id);
    await expect(markOrderDone(a, order.public_id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await stateOf(order.id)).toEqual(before);
  });

  it('member A cannot finish member B’s order: 404 and the database unchanged', async () => {
    const a = await sessionOf(A);
    const order = await one(B, sql`o.status_order = 'RECEIVED'`);
    const before = await stateOf(order.id);
    const response = await doneEndpoint(
      ctx(a, `/member/transaction/process-selesai/${order.public_id}`, { params: { id: order.public_id } }),
    );
    expect(response.status).toBe(404);
    expect(await stateOf(order.id)).toEqual(before);
    // Nor the owner with someone else's order number.
    await expect(markOrderDone(await sessionOf(B), order.public_id, 'ORD-LAIN')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stateOf(order.id)).toEqual(before);
  });
});

describe('tracking', () => {
  it('answers the manifest of the operator’s shipment events in the documents’ shape', async () => {
    const b = await sessionOf(B);
    const order = await one(B, sql`o.status_order = 'RECEIVED' and o.no_resi is not null`);
    const response = await waybillEndpoint(
      ctx(b, '/member/shipping-waybill', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ public_id: order.public_id, waybill: order.no_resi, courier: order.ekspedisi }),
      }),
    );
    expect(response.status).toBe(200);
    const manifest = (await response.json()).result.rajaongkir.result.manifest as {
      city_name: string;
      manifest_description: string;
      manifest_date: string;
      manifest_time: string;
    }[];
    const events = await selectRows<{ keterangan: string }>(
      await getDb(),
      sql`
      select keterangan from order_histories where order_id = ${order.id} and keterangan like '%|%' order by tanggal, id`,
    );
    expect(manifest.map((m) => `${m.city_name}|${m.manifest_description}`)).toEqual(events.map((e) => e.keterangan));
    expect(manifest[0]!.manifest_description).toBe('Paket diserahkan ke kurir');
    expect(manifest.at(-1)!.manifest_description).toMatch(/^Diterima oleh /);
    expect(manifest.every((m) => /^\d{4}-\d{2}-\d{2}$/.test(m.manifest_date) && /^\d{2}:\d{2}:\d{2}$/.test(m.manifest_time))).toBe(true);
  });

  it('the order page’s tracking dialog shows each event’s day in Indonesian, never ISO', async () => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = 'DELIVERY' and o.no_resi is not null`);
    const { manifest } = (await trackOrder(a, { public_id: order.public_id, waybill: order.no_resi!, courier: order.ekspedisi ?? '' }))
      .rajaongkir.result;
    const html = await (await createContainer()).renderToString(OrderDetailPage, {
      locals: { member: a },
      params: { public_id: order.public_id },
      request: new Request(`http://portal.test/transaksi/order-transaksi/detail/${order.public_id}?lacak=1`),
    });
    const table = html.slice(html.indexOf('id="manifest"'), html.indexOf('</table>', html.indexOf('id="manifest"')));
    const days = [...table.matchAll(/data-label="Tanggal"[^>]*>([^<]*)</g)].map((m) => m[1]);
    const indonesian = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(manifest.length).toBeGreaterThan(0);
    expect(days).toEqual(manifest.map((m) => indonesian(m.manifest_date)));
    expect(table).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('refuses another member’s order, a wrong waybill and an order not yet shipped', async () => {
    const a = await sessionOf(A);
    const theirs = await one(B, sql`o.no_resi is not null`);
    await expect(trackOrder(a, { public_id: theirs.public_id, waybill: theirs.no_resi!, courier: 'jne' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const mine = await one(A, sql`o.status_order = 'DELIVERY' and o.no_resi is not null`);
    await expect(trackOrder(a, { public_id: mine.public_id, waybill: 'JNE0000000000', courier: 'jne' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const paid = await one(A, sql`o.status_order = 'PAID'`);
    await expect(trackOrder(a, { public_id: paid.public_id, waybill: 'X', courier: 'jne' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const empty = await waybillEndpoint(
      ctx(a, '/member/shipping-waybill', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ public_id: mine.public_id }),
      }),
    );
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Masukkan Nomor Resi');
  });
});

describe('operator commands', () => {
  it('pack, ship, track and receive a delivery order, each with its history, then the member finishes it', async () => {
    const a = await sessionOf(A);
    const order = await one(A, sql`o.status_order = 'PAID' and not o.pickup_store`);
    const before = await stateOf(order.id);
    await expect(operateOrder('receive', order.no_order)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Order ${order.no_order} berstatus PAID; "Diterima" hanya untuk order berstatus DELIVERY atau PICKUPABLE`,
    });
    await expect(operateOrder('pickupable', order.no_order)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await stateOf(order.id)).toEqual(before);

    await operateOrder('pack', order.no_order);
    await expect(operateOrder('ship', order.no_order)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: `Nomor resi order ${order.no_order} harus diisi`,
    });
    expect(await stateOf(order.id)).toEqual({ status_order: 'WAREHOUSE', histories: before.histories + 1 });
    await operateOrder('ship', order.no_order, { resi: 'JNE77001', kota: 'Surabaya', admin: 'Budi Gudang' });
    await operateOrder('track', order.no_order, { kota: 'Semarang', catatan: 'Transit di hub' });
    await expect(operateOrder('track', order.no_order, { kota: 'Semarang' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await operateOrder('receive', order.no_order, { oleh: 'Pak RT' });
    await expect(operateOrder('cancel', order.no_order)).rejects.toMatchObject({ code: 'CONFLICT' });

    const d = await getOrderDetail(a, order.public_id);
    expect(d).toMatchObject({ status_order: 'RECEIVED', no_resi: 'JNE77001', received_by: 'Pak RT', can_track: true, can_mark_done: true });
    expect(d.order_histories.slice(-4).map((h) => [h.status, h.actor])).toEqual([
      ['WAREHOUSE', 'Admin Gudang'],
      ['DELIVERY', 'Budi Gudang'],
      ['DELIVERY', 'Admin Gudang'],
      ['RECEIVED', 'Admin Gudang'],
    ]);
    const tracked = await trackOrder(a, { public_id: order.public_id, waybill: 'JNE77001', courier: 'jne' });
    expect(tracked.rajaongkir.result.manifest.map((m) => [m.city_name, m.manifest_description])).toEqual([
      ['Surabaya', 'Paket diserahkan ke kurir'],
      ['Semarang', 'Transit di hub'],
      [d.kota_kirim!.nama, 'Diterima oleh Pak RT'],
    ]);
    expect(tracked.rajaongkir.result.delivered).toBe(true);
    await markOrderDone(a, order.public_id);
    expect((await stateOf(order.id)).status_order).toBe('DONE');
  });

  it('a pickup order becomes PICKUPABLE and is collected; it is never shipped', async () => {
    const db = await getDb();
    const [order] = await selectRows<{ id: number; no_order: string }>(
      db,
      sql`
      select id::int as id, no_order from orders where status_order = 'PAID' and pickup_store order by id limit 1`,
    );
    await expect(operateOrder('ship', order!.no_order, { resi: 'X1' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Order ${order!.no_order} diambil di tempat, tidak dikirim kurir`,
    });
    await operateOrder('pickupable', order!.no_order);
    await operateOrder('receive', order!.no_order, { oleh: 'Ibu Sari' });
    const [row] = await selectRows<{ status_order: string; received_by: string; no_resi: string | null }>(
      db,
      sql`select status_order, received_by, no_resi from orders where id = ${order!.id}`,
    );
    expect(row).toEqual({ status_order: 'RECEIVED', received_by: 'Ibu Sari', no_resi: null });
  });

  it('cancels only PENDING orders, and an unknown order number is refused', async () => {
    const order = await one(A, sql`o.status_order = 'PENDING' and o.payment_method = 'transferbca'`);
    await operateOrder('cancel', order.no_order, { catatan: 'Permintaan member' });
    expect((await stateOf(order.id)).status_order).toBe('CANCEL');
    await expect(operateOrder('cancel', order.no_order)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(operateOrder('pack', 'ORD-TIDAK-ADA')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order ORD-TIDAK-ADA tidak ditemukan',
    });
  });
});

describe('shipping cost check', () => {
  it('quotes only a complete, nested destination, cheapest first, with the suggested service marked', async () => {
    const { checkShippingCost } = await import('../../src/server/services/order/check-shipping-cost');
    const { CekOngkirQuerySchema } = await import('../../src/lib/schemas/cek-ongkir');
    const [village] = await selectRows<{ code: string; district: string }>(
      await getDb(),
      sql`
      select v.code, v.district_code as district from villages v where v.district_code like '35.78.%' order by v.code limit 1`,
    );
    const full = await checkShippingCost(
      CekOngkirQuerySchema.parse({
        provinsi_id: '35',
        kota_id: '35.78',
        kecamatan_id: village!.district,
        kelurahan_id: village!.code,
        berat: '2',
      }),
    );
    expect(full.error).toBeUndefined();
    const costs = full.services.map((s) => s.cost);
    expect(costs.length).toBeGreaterThan(1);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(full.services.filter((s) => s.suggested).length).toBeLessThanOrEqual(1);
    // A city outside the chosen province drops everything below it: no quote.
    const moved = await checkShippingCost(
      CekOngkirQuerySchema.parse({ provinsi_id: '31', kota_id: '35.78', kecamatan_id: village!.district, kelurahan_id: village!.code }),
    );
    expect(moved.selected).toEqual({ provinsi: '31', kota: undefined, kecamatan: undefined, kelurahan: undefined });
    expect(moved.services).toEqual([]);
    expect(CekOngkirQuerySchema.parse({ berat: '500' }).berat).toBe(1);
  });
});

describe('orders made through the lead’s create call', () => {
  it('a pending pickup registration shows the prospective member from its form, in the list and the detail', async () => {
    const { createOrder } = await import('../../src/server/services/order/create-order');
    const { listProducts } = await import('../../src/server/services/order/list-products');
    const { findWarehouses } = await import('../../src/server/services/order/find-warehouses');
    const me = await sessionOf(memberId(273));
    const products = (await listProducts('registrasi')).rows;
    const details = [{ id: products.find((p) => p.nama === 'Paket Starter')!.public_id, qty: 1 }];
    const [gudang] = await findWarehouses(details, { online: false, pickup: true });
    const [village] = await selectRows<{ code: string; district: string }>(
      await getDb(),
      sql`
      select code, district_code as district from villages where district_code like '35.78.%' order by code limit 1`,
    );
    const created = await createOrder(me, {
      client_ref: `orderview-${Date.now()}`,
      pickup_store: true,
      id_gudang: gudang!.public_id,
      is_asuransi: false,
      details,
      payment_method: 'bca_va',
      join_member: true,
      upgrade_member: false,
      is_ro: false,
      member: {
        nomor_identitas: '3578014101900002',
        nama: 'Calon Lihat Order',
        email: 'calonlihat@contoh.id',
        phone: '6281322223333',
        username: 'calonlihat273',
        posisi: 'BRONZE',
        sisi: 'L',
        id_propinsi_domisili: '35',
        id_kota_domisili: '35.78',
        jenis_kelamin: 'PEREMPUAN',
        tgl_lahir: '1990-01-01',
        negara: 'Indonesia',
        status_kawin: 'KAWIN',
        agama: 'ISLAM',
        alamat: 'Jl. Calon 3',
        id_propinsi: '35',
        id_kota: '35.78',
        id_kecamatan: village!.district,
        kelurahan_id: village!.code,
        kode_pos: '60111',
      },
    });
    const d = await getOrderDetail(me, created.public_id);
    expect(d).toMatchObject({
      status_order: 'PENDING',
      payment_label: 'Menunggu Pembayaran',
      join_member: true,
      pickup_store: true,
      can_pay: true,
      pickup_deadline: null,
      member: {
        id_member: null,
        nama: 'Calon Lihat Order',
        username: 'calonlihat273',
        jenis_kelamin: 'PEREMPUAN',
        propinsi_domisili: { nama: 'Jawa Timur' },
      },
      gudang: { nama: gudang!.nama },
    });
    expect(d.member?.kota_domisili?.nama).toMatch(/Surabaya/);
    expect(Date.parse(d.expires_at!)).toBeGreaterThan(Date.now());
    const list = await listOrders(me, query({ search: created.no_order }));
    expect(list.rows).toEqual([
      expect.objectContaining({ public_id: created.public_id, jenis_order: 'reg', member: { id_member: null, nama: 'Calon Lihat Order' } }),
    ]);
  });
});
