import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import type { MemberStep } from '../../../lib/schemas/order-member-rules';
import { type Db, selectRows, type Tx } from '../client';
import { containsPattern } from '../like';
import { toRupiah } from '../money';
import { members, orderHistories, orders } from '../schema';
import type { OrderStatus } from '../schema/orders';

/**
 * The orders after their creation: locks and status writes (the transition table decides, in
 * src/server/domain/order-status.ts), payment, the warehouse's queue and prints. Creation and
 * pricing live in orders-create.ts, the member's list and detail in order-view.ts, refunds in
 * order-refunds.ts, what a payment writes on members in order-payment.ts.
 */

export interface LockedOrder {
  id: number;
  no_order: string;
  member_id: number;
  jenis_order: 'reg' | 'upg' | 'ro';
  status_order: string;
  posisi: Rank | null;
  sisi: 'L' | 'R' | null;
  calon_member: MemberStep | null;
  total_bayar: number;
  gudang_id: number | null;
  refunded: boolean;
  pickup_store: boolean;
  /** When the order was created, epoch milliseconds (a payment is never dated before it). */
  created_ms: number;
}

/** Locks an order row for a status change (the webhook, operators, expiry) and reads it. */
export async function lockOrder(tx: Tx, where: { id?: number; noOrder?: string }): Promise<LockedOrder | undefined> {
  const [row] = await selectRows<LockedOrder>(
    tx,
    sql`
    select id::int as id, no_order, member_id::int as member_id, jenis_order, status_order, posisi, sisi, calon_member,
      total_bayar, gudang_id::int as gudang_id, refunded_at is not null as refunded, pickup_store,
      (extract(epoch from created_at) * 1000)::float8 as created_ms
    from orders where ${where.id !== undefined ? sql`id = ${where.id}` : sql`no_order = ${where.noOrder ?? ''}`}
    for update`,
  );
  return row && { ...row, total_bayar: toRupiah(row.total_bayar) };
}

/** Writes a decided status with the transition's side effects on the row (token dropped, refunded mark). */
export async function setOrderStatus(
  tx: Tx,
  orderId: number,
  to: OrderStatus,
  effects: { dropPaymentToken?: boolean; markRefunded?: boolean },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      statusOrder: to,
      ...(effects.dropPaymentToken ? { paymentToken: null } : {}),
      ...(effects.markRefunded ? { refundedAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, orderId));
}

/** Puts an unpaid order's reserved stock back (expiry, cancellation). */
export async function releaseOrderStock(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    update warehouse_stock s set qty = s.qty + d.qty
    from (select o.gudang_id, od.product_id, sum(od.qty)::int as qty from order_details od join orders o on o.id = od.order_id
          where o.id = ${orderId} group by o.gudang_id, od.product_id) d
    where s.warehouse_id = d.gudang_id and s.product_id = d.product_id`);
}

/** A row of the history the member sees; `tanggal` defaults to now(). */
export async function insertOrderHistory(
  db: Db | Tx,
  row: {
    orderId: number;
    status: string;
    tanggal?: Date;
    idAdmin?: number | null;
    adminNama?: string | null;
    keterangan?: string | null;
  },
): Promise<void> {
  await db.insert(orderHistories).values({
    orderId: row.orderId,
    status: row.status,
    tanggal: row.tanggal ?? sql`now()`,
    idAdmin: row.idAdmin ?? null,
    adminNama: row.adminNama ?? null,
    keterangan: row.keterangan ?? null,
  });
}

/**
 * The paid order's invoice: paid time, invoice number and date, the gateway's details merged into
 * pembayaran, and the buyer's rank at the event (given, or the buyer's rank now for `buyerId`).
 */
export async function setOrderInvoiced(
  tx: Tx,
  orderId: number,
  paid: {
    paidAt: Date;
    noInvoice: string;
    pembayaran: Record<string, unknown>;
    posisiPembeli: { rank: Rank | null } | { buyerId: number };
  },
): Promise<void> {
  const posisi =
    'rank' in paid.posisiPembeli
      ? sql`${paid.posisiPembeli.rank}`
      : sql`(select m.posisi from members m where m.id = ${paid.posisiPembeli.buyerId})`;
  await tx.execute(sql`
    update orders set paid_at = ${paid.paidAt.toISOString()}, tgl_invoice = ${paid.paidAt.toISOString()},
      no_invoice = ${paid.noInvoice},
      pembayaran = coalesce(pembayaran, '{}'::jsonb) || ${JSON.stringify(paid.pembayaran)}::jsonb,
      posisi_pembeli = ${posisi}
    where id = ${orderId}`);
}

/** Merges the gateway's details into the order's pembayaran (a pending notification). */
export async function mergeOrderPembayaran(tx: Tx, orderId: number, pembayaran: Record<string, unknown>): Promise<void> {
  await tx.execute(
    sql`update orders set pembayaran = coalesce(pembayaran, '{}'::jsonb) || ${JSON.stringify(pembayaran)}::jsonb where id = ${orderId}`,
  );
}

export async function setOrderNewMember(tx: Tx, orderId: number, newMemberId: number): Promise<void> {
  await tx.update(orders).set({ newMemberId }).where(eq(orders.id, orderId));
}

export async function setOrderResi(tx: Tx, orderId: number, noResi: string): Promise<void> {
  await tx.update(orders).set({ noResi }).where(eq(orders.id, orderId));
}

export async function setOrderReceived(tx: Tx, orderId: number, receivedBy: string): Promise<void> {
  await tx.update(orders).set({ receivedAt: sql`now()`, receivedBy }).where(eq(orders.id, orderId));
}

/** Every payment notification received, valid or not (the audit trail, and what a replay is checked against). */
export async function insertPaymentNotification(
  db: Db | Tx,
  row: {
    orderId: number | null;
    noOrder: string;
    transactionId: string | null;
    transactionStatus: string;
    grossAmount: string;
    outcome: string;
    body: unknown;
  },
): Promise<void> {
  await db.execute(sql`insert into payment_notifications (order_id, no_order, transaction_id, transaction_status, gross_amount, outcome, body)
    values (${row.orderId}, ${row.noOrder}, ${row.transactionId}, ${row.transactionStatus},
      ${row.grossAmount}, ${row.outcome}, ${JSON.stringify(row.body)}::jsonb)`);
}

/** PENDING orders past their expiry, the oldest first. */
export async function dueUnpaidOrderIds(db: Db | Tx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.statusOrder, 'PENDING'), sql`${orders.expiresAt} < ${now.toISOString()}`))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** An operator's order, locked, with the cities its shipment events default to. */
export async function lockOrderForOperator(tx: Tx, noOrder: string) {
  const [row] = await selectRows<{
    id: number;
    no_order: string;
    status_order: string;
    refunded: boolean;
    pickup_store: boolean;
    nama_kirim: string | null;
    gudang_kota: string | null;
    kota_kirim: string | null;
  }>(
    tx,
    sql`
    select o.id::int as id, o.no_order, o.status_order, o.refunded_at is not null as refunded, o.pickup_store, o.nama_kirim,
      (select r.name from warehouses g join villages v on v.code = g.kelurahan_id join districts d on d.code = v.district_code
        join regencies r on r.code = d.regency_code where g.id = o.gudang_id) as gudang_kota,
      (select r.name from villages v join districts d on d.code = v.district_code join regencies r on r.code = d.regency_code
        where v.code = o.kelurahan_kirim_id) as kota_kirim
    from orders o where o.no_order = ${noOrder} for update of o`,
  );
  return row;
}

/** The member's own order by public id (optionally locked), or undefined. */
export async function ownOrderState(db: Db | Tx, memberId: number, publicId: string, lock: boolean) {
  const [row] = await selectRows<{
    id: number;
    no_order: string;
    status_order: string;
    refunded: boolean;
    no_resi: string | null;
    ekspedisi: string | null;
    pickup_store: boolean;
    phone_kirim: string | null;
  }>(
    db,
    sql`
    select id::int as id, no_order, status_order, refunded_at is not null as refunded, no_resi, ekspedisi, pickup_store, phone_kirim from orders
    where public_id = ${publicId}::uuid and member_id = ${memberId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The referral page's order by its public id (its capability). */
export async function referralOrderState(db: Db | Tx, publicId: string) {
  const [row] = await db
    .select({ no_order: orders.noOrder, status_order: orders.statusOrder, payment_method: orders.paymentMethod })
    .from(orders)
    .where(and(eq(orders.publicId, publicId), eq(orders.viaReferral, true)));
  return row;
}

/** The order a simulator token pays. */
export async function simulatorOrderByToken(db: Db | Tx, token: string) {
  const [row] = await db
    .select({
      no_order: orders.noOrder,
      total_bayar: orders.totalBayar,
      payment_method: sql<string>`coalesce(${orders.paymentMethod}, '')`,
      status_order: orders.statusOrder,
    })
    .from(orders)
    .where(eq(orders.paymentToken, token));
  return row && { ...row, total_bayar: toRupiah(row.total_bayar) };
}

export interface PayableOrder {
  id: number;
  no_order: string;
  status_order: string;
  payment_method: string | null;
  payment_token: string | null;
  payment_redirect_url: string | null;
  total_bayar: number;
  total_harga: number;
  biaya_kirim: number;
  asuransi_kirim: number;
  biaya_pembayaran: number;
  diskon_biaya_kirim: number;
  expires_at: string | null;
  nama: string;
  email: string;
  phone: string;
}

/** An order to pay with the gateway: the member's own by number, or a referral order by public id. */
export async function payableOrder(
  db: Db | Tx,
  owner: { memberId: number; noOrder: string } | { publicId: string },
): Promise<PayableOrder | undefined> {
  const where =
    'memberId' in owner
      ? sql`o.member_id = ${owner.memberId} and o.no_order = ${owner.noOrder}`
      : sql`o.public_id = ${owner.publicId}::uuid and o.via_referral`;
  const [row] = await selectRows<PayableOrder>(
    db,
    sql`
    select o.id::int as id, o.no_order, o.status_order, o.payment_method, o.payment_token, o.payment_redirect_url,
      o.total_bayar, o.total_harga, o.biaya_kirim, o.asuransi_kirim, o.biaya_pembayaran, o.diskon_biaya_kirim,
      o.expires_at::text as expires_at,
      coalesce(o.calon_member->>'nama', m.nama) as nama, coalesce(o.calon_member->>'email', m.email) as email,
      coalesce(o.calon_member->>'phone', m.phone) as phone
    from orders o join members m on m.id = o.member_id where ${where}`,
  );
  return (
    row && {
      ...row,
      total_bayar: toRupiah(row.total_bayar),
      total_harga: toRupiah(row.total_harga),
      biaya_kirim: toRupiah(row.biaya_kirim),
      asuransi_kirim: toRupiah(row.asuransi_kirim),
      biaya_pembayaran: toRupiah(row.biaya_pembayaran),
      diskon_biaya_kirim: toRupiah(row.diskon_biaya_kirim),
    }
  );
}

/** The order's lines as the gateway's item list. */
export async function paymentItems(db: Db | Tx, orderId: number) {
  const rows = await selectRows<{ id: string; price: number; quantity: number; name: string }>(
    db,
    sql`
    select p.kode as id, d.harga as price, d.qty as quantity, p.nama as name
    from order_details d join products p on p.id = d.product_id where d.order_id = ${orderId} order by d.id`,
  );
  return rows.map((row) => ({ ...row, price: toRupiah(row.price) }));
}

/** Keeps the first token stored (two tabs asking at once); undefined when the order left PENDING. */
export async function keepPaymentToken(db: Db | Tx, orderId: number, issued: { token: string; redirect_url: string }) {
  const [kept] = await selectRows<{ payment_token: string; payment_redirect_url: string | null }>(
    db,
    sql`
    update orders set payment_token = coalesce(payment_token, ${issued.token}),
      payment_redirect_url = coalesce(payment_redirect_url, ${issued.redirect_url})
    where id = ${orderId} and status_order = 'PENDING' returning payment_token, payment_redirect_url`,
  );
  return kept;
}

/** The packing list's and label's orders by number (unknown numbers are simply absent). */
export async function printableOrders(db: Db | Tx, numbers: string[]) {
  if (numbers.length === 0) return [];
  return selectRows<{
    id: number;
    refunded: boolean;
    no_order: string;
    no_invoice: string | null;
    status_order: string;
    pickup_store: boolean;
    nama_kirim: string | null;
    phone_kirim: string | null;
    alamat_kirim: string | null;
    kode_pos_kirim: string | null;
    ekspedisi: string | null;
    no_resi: string | null;
    total_berat: number;
    id_member: string;
    member_nama: string;
    gudang_nama: string | null;
    gudang_lokasi: string | null;
    wilayah: string;
  }>(
    db,
    sql`
    select o.id::int as id, o.refunded_at is not null as refunded, o.no_order, o.no_invoice, o.status_order, o.pickup_store, o.nama_kirim, o.phone_kirim, o.alamat_kirim,
      o.kode_pos_kirim, o.ekspedisi, o.no_resi, o.total_berat, m.id_member, m.nama as member_nama,
      w.nama as gudang_nama, w.lokasi as gudang_lokasi,
      concat_ws(', ', v.name, d.name, r.name, pr.name) as wilayah
    from orders o join members m on m.id = o.member_id left join warehouses w on w.id = o.gudang_id
      left join villages v on v.code = o.kelurahan_kirim_id left join districts d on d.code = v.district_code
      left join regencies r on r.code = d.regency_code left join provinces pr on pr.code = r.province_code
    where o.no_order in (${sql.join(
      numbers.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
}

/** The lines of the given orders, by order and line. */
export async function printableLines(db: Db | Tx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return selectRows<{ order_id: number; kode: string; nama: string; qty: number }>(
    db,
    sql`
    select d.order_id::int as order_id, p.kode, p.nama, d.qty from order_details d join products p on p.id = d.product_id
    where d.order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by d.order_id, d.id`,
  );
}
