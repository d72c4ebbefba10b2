import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './members';
import { villages } from './regions';

/** Goods (barang): packages for registration/upgrade carry BV; products for repeat orders too. */
export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    kode: text('kode').notNull(),
    nama: text('nama').notNull(),
    deskripsi: text('deskripsi').notNull().default(''),
    /** 'PAKET' (registration and upgrade packages) or 'PRODUK' (repeat order). */
    kategori: text('kategori', { enum: ['PAKET', 'PRODUK'] }).notNull(),
    harga: bigint('harga', { mode: 'number' }).notNull(),
    value: integer('value').notNull(),
    berat: integer('berat').notNull(),
    dpp: bigint('dpp', { mode: 'number' }).notNull(),
    persenPpn: integer('persen_ppn').notNull(),
    gambars: jsonb('gambars').notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('products_public_id_uq').on(t.publicId),
    uniqueIndex('products_kode_uq').on(t.kode),
    check('products_money_ck', sql`${t.harga} >= 0 and ${t.dpp} >= 0 and ${t.value} >= 0 and ${t.berat} >= 0`),
  ],
);

/** Warehouses (gudang) that ship online orders and/or serve pickup. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    nama: text('nama').notNull(),
    lokasi: text('lokasi').notNull(),
    kelurahanId: text('kelurahan_id').references(() => villages.code),
    isOnline: boolean('is_online').notNull().default(true),
    isPickup: boolean('is_pickup').notNull().default(true),
  },
  (t) => [uniqueIndex('warehouses_public_id_uq').on(t.publicId)],
);

export const warehouseStock = pgTable(
  'warehouse_stock',
  {
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull()
      .references(() => warehouses.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.productId] }), check('warehouse_stock_qty_ck', sql`${t.qty} >= 0`)],
);

export const ORDER_STATUSES = [
  'PENDING',
  'PAID',
  'PICKUPABLE',
  'DELIVERY',
  'WAREHOUSE',
  'RECEIVED',
  'DONE',
  'CANCEL',
  'EXPIRED',
  'RETUR',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An order (spec/001 §3). jenis_order: reg (registers a prospective member, placed under the
 * buyer as sponsor once PAID), upg (raises the buyer's rank), ro (repeat order).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    noOrder: text('no_order').notNull(),
    noInvoice: text('no_invoice'),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    jenisOrder: text('jenis_order', { enum: ['reg', 'upg', 'ro'] }).notNull(),
    statusOrder: text('status_order', { enum: ORDER_STATUSES }).notNull().default('PENDING'),
    tglOrder: timestamp('tgl_order', { withTimezone: true }).notNull().defaultNow(),
    tglInvoice: timestamp('tgl_invoice', { withTimezone: true }),
    /** When the payment settled: the day its BV counts for bonuses (Asia/Jakarta). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The closed day whose bonuses counted this order (COMP_PLAN.md): the day of paid_at, or the
     * first day still open when the payment arrived after its own day was closed. Null until counted.
     */
    tanggalBonus: date('tanggal_bonus', { mode: 'string' }),
    /** The buyer's rank at the moment of payment (rank at the event): an upgrade's rank before it. */
    posisiPembeli: text('posisi_pembeli', { enum: ['BRONZE', 'SILVER', 'PLATINUM'] }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Target rank: the new member's for reg, the buyer's new rank for upg. */
    posisi: text('posisi', { enum: ['BRONZE', 'SILVER', 'PLATINUM'] }),
    sisi: text('sisi', { enum: ['L', 'R'] }),
    /** The prospective member's form (reg) until PAID creates the member. */
    calonMember: jsonb('calon_member'),
    newMemberId: bigint('new_member_id', { mode: 'number' }).references(() => members.id),
    totalBv: integer('total_bv').notNull(),
    totalHarga: bigint('total_harga', { mode: 'number' }).notNull(),
    totalBerat: integer('total_berat').notNull().default(0),
    pickupStore: boolean('pickup_store').notNull().default(false),
    gudangId: bigint('gudang_id', { mode: 'number' }).references(() => warehouses.id),
    namaKirim: text('nama_kirim'),
    phoneKirim: text('phone_kirim'),
    alamatKirim: text('alamat_kirim'),
    kodePosKirim: text('kode_pos_kirim'),
    kelurahanKirimId: text('kelurahan_kirim_id').references(() => villages.code),
    ekspedisi: text('ekspedisi'),
    biayaKirim: bigint('biaya_kirim', { mode: 'number' }).notNull().default(0),
    diskonBiayaKirim: bigint('diskon_biaya_kirim', { mode: 'number' }).notNull().default(0),
    asuransiKirim: bigint('asuransi_kirim', { mode: 'number' }).notNull().default(0),
    biayaPembayaran: bigint('biaya_pembayaran', { mode: 'number' }).notNull().default(0),
    totalBayar: bigint('total_bayar', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method'),
    pembayaran: jsonb('pembayaran'),
    isPpn: boolean('is_ppn').notNull().default(false),
    totalDpp: bigint('total_dpp', { mode: 'number' }).notNull().default(0),
    totalPpn: bigint('total_ppn', { mode: 'number' }).notNull().default(0),
    noResi: text('no_resi'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: text('received_by'),
    /**
     * When a full refund (or chargeback) was recorded: the order keeps its status but leaves the
     * warehouse queue and takes no further transition (src/server/domain/order-status.ts).
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The checkout's idempotency key: a double-clicked BAYAR (or a retried request) is one order. */
    clientRef: text('client_ref'),
    /** The payment gateway's token while one is held (spec/001 §4: requested once per PENDING order). */
    paymentToken: text('payment_token'),
    paymentRedirectUrl: text('payment_redirect_url'),
    /** Placed from the public referral page by the prospective member (member_id is the sponsor). */
    viaReferral: boolean('via_referral').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_public_id_uq').on(t.publicId),
    uniqueIndex('orders_no_order_uq').on(t.noOrder),
    uniqueIndex('orders_no_invoice_uq').on(t.noInvoice),
    index('orders_member_tgl_idx').on(t.memberId, t.tglOrder),
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_tanggal_bonus_idx').on(t.tanggalBonus),
    index('orders_new_member_idx').on(t.newMemberId),
    uniqueIndex('orders_client_ref_uq').on(t.memberId, t.clientRef),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.statusOrder} = 'PENDING'`),
    // The warehouse queue: one status, newest first, paged by keyset (issue #26; ADR 0026).
    index('orders_queue_idx').on(t.statusOrder, t.createdAt, t.id),
    check('orders_money_ck', sql`${t.totalHarga} >= 0 and ${t.totalBayar} >= 0 and ${t.totalBv} >= 0`),
  ],
);

export const orderDetails = pgTable(
  'order_details',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    harga: bigint('harga', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    value: integer('value').notNull(),
    berat: integer('berat').notNull(),
    dpp: bigint('dpp', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_details_order_idx').on(t.orderId), check('order_details_qty_ck', sql`${t.qty} > 0`)],
);

/** Status history; id_admin 0 is the member ('User'), null with no admin is 'System'. */
export const orderHistories = pgTable(
  'order_histories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tanggal: timestamp('tanggal', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull(),
    idAdmin: integer('id_admin'),
    adminNama: text('admin_nama'),
    keterangan: text('keterangan'),
  },
  (t) => [index('order_histories_order_idx').on(t.orderId, t.tanggal)],
);

/**
 * Every payment notification received (Midtrans' or the simulator's), valid or not: the audit
 * trail, and what makes a replayed notification a no-op (same transaction and status).
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    noOrder: text('no_order').notNull(),
    transactionId: text('transaction_id'),
    transactionStatus: text('transaction_status').notNull(),
    grossAmount: text('gross_amount'),
    /** What the notification did: applied, ignored (replay, out of order) or refused (and why). */
    outcome: text('outcome').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.noOrder, t.receivedAt)],
);

export const REFUND_TYPES = ['refund', 'partial_refund', 'chargeback', 'operator'] as const;

/**
 * Money given back on a paid order (COMP_PLAN.md, Refunds): a Midtrans refund, partial refund or
 * chargeback, or an operator's refund. `bv` is the order BV it takes back: a registration or
 * upgrade package whole, a repeat order by line (order_refund_lines). A provider's partial refund
 * waits for KEUANGAN (`ditetapkan_at` null, bv 0) to be assigned to lines or the whole package;
 * the first closing after `ditetapkan_at` writes the reversal rows and records its day in
 * tanggal_bonus.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    jenis: text('jenis', { enum: REFUND_TYPES }).notNull(),
    jumlah: bigint('jumlah', { mode: 'number' }).notNull(),
    bv: integer('bv').notNull(),
    alasan: text('alasan'),
    admin: text('admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the BV it takes back was decided (recorded, or assigned by KEUANGAN); null while it waits. */
    ditetapkanAt: timestamp('ditetapkan_at', { withTimezone: true }).defaultNow(),
    tanggalBonus: date('tanggal_bonus', { mode: 'string' }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_open_idx').on(t.ditetapkanAt).where(sql`${t.tanggalBonus} is null`),
    // No money (it came back earlier, by the provider) is possible when BV still leaves.
    check(
      'order_refunds_money_ck',
      sql`${t.jumlah} >= 0 and ${t.bv} >= 0 and (${t.jumlah} > 0 or ${t.bv} > 0) and (${t.ditetapkanAt} is not null or ${t.bv} = 0)`,
    ),
  ],
);

/** The order lines (and how many of each) a refund gives back, with their price and BV. */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundId: bigint('refund_id', { mode: 'number' })
      .notNull()
      .references(() => orderRefunds.id),
    orderDetailId: bigint('order_detail_id', { mode: 'number' })
      .notNull()
      .references(() => orderDetails.id),
    qty: integer('qty').notNull(),
    jumlah: bigint('jumlah', { mode: 'number' }).notNull(),
    bv: integer('bv').notNull(),
  },
  (t) => [
    index('order_refund_lines_refund_idx').on(t.refundId),
    index('order_refund_lines_detail_idx').on(t.orderDetailId),
    check('order_refund_lines_ck', sql`${t.qty} > 0 and ${t.jumlah} >= 0 and ${t.bv} >= 0`),
  ],
);

/**
 * A product's price from a calendar day on (docs/decisions/0021-product-price-versions.md): the
 * price in effect on day D is the version with the latest berlaku_mulai ≤ D, else the product's
 * own harga/dpp/persen_ppn (its price before any version). Order lines copy the price they were
 * made with, so a new version never changes an order already made.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    /** The Jakarta calendar day the price applies from. */
    berlakuMulai: date('berlaku_mulai', { mode: 'string' }).notNull(),
    harga: bigint('harga', { mode: 'number' }).notNull(),
    dpp: bigint('dpp', { mode: 'number' }).notNull(),
    persenPpn: integer('persen_ppn').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_prices_day_uq').on(t.productId, t.berlakuMulai),
    check('product_prices_money_ck', sql`${t.harga} >= 0 and ${t.dpp} >= 0 and ${t.dpp} <= ${t.harga}`),
    check('product_prices_ppn_ck', sql`${t.persenPpn} between 0 and 100`),
  ],
);
