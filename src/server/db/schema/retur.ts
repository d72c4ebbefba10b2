import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './members';
import { orderDetails, orders, products } from './orders';
import { villages } from './regions';

export const RETUR_STATUSES = ['PENDING', 'APPROVED', 'DELIVERY', 'RECEIVED', 'DONE', 'REJECTED'] as const;
export type ReturStatus = (typeof RETUR_STATUSES)[number];

/**
 * A return of goods (retur_jual, spec/001 §3). The member ships the goods back (no_resi,
 * ekspedisi 'code|service'); when the operator finishes it, a replacement order (kirim_ulang) is
 * sent to the ship-to fields, which hold the order's address or a saved one at request time.
 */
export const returJual = pgTable(
  'retur_jual',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    noRetur: text('no_retur').notNull(),
    tanggal: timestamp('tanggal', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: RETUR_STATUSES }).notNull().default('PENDING'),
    alasanDitolak: text('alasan_ditolak'),
    deskripsi: text('deskripsi').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    kirimUlangId: bigint('kirim_ulang_id', { mode: 'number' }).references(() => orders.id),
    noResi: text('no_resi'),
    ekspedisi: text('ekspedisi'),
    sameAddress: text('same_address', { enum: ['Y', 'N'] })
      .notNull()
      .default('Y'),
    namaKirim: text('nama_kirim').notNull(),
    phoneKirim: text('phone_kirim').notNull(),
    alamatKirim: text('alamat_kirim').notNull(),
    kodePosKirim: text('kode_pos_kirim'),
    kelurahanKirimId: text('kelurahan_kirim_id').references(() => villages.code),
    kecamatan: text('kecamatan'),
    kota: text('kota'),
    propinsi: text('propinsi'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('retur_jual_public_id_uq').on(t.publicId),
    uniqueIndex('retur_jual_no_retur_uq').on(t.noRetur),
    index('retur_jual_member_tanggal_idx').on(t.memberId, t.tanggal),
    // One open return per order: a second request waits until the first is done or rejected.
    uniqueIndex('retur_jual_one_open_per_order_uq').on(t.orderId).where(sql`${t.status} not in ('DONE', 'REJECTED')`),
    uniqueIndex('retur_jual_kirim_ulang_uq').on(t.kirimUlangId),
    check('retur_jual_status_ck', sql`${t.status} in ('PENDING', 'APPROVED', 'DELIVERY', 'RECEIVED', 'DONE', 'REJECTED')`),
    check('retur_jual_rejected_ck', sql`${t.status} <> 'REJECTED' or coalesce(${t.alasanDitolak}, '') <> ''`),
    check('retur_jual_done_ck', sql`${t.status} <> 'DONE' or ${t.kirimUlangId} is not null`),
    check(
      'retur_jual_resi_ck',
      sql`${t.status} not in ('DELIVERY', 'RECEIVED', 'DONE') or (${t.noResi} is not null and ${t.ekspedisi} is not null)`,
    ),
  ],
);

/** The returned lines: an order detail of the same order and how many of it. */
export const returJualDetails = pgTable(
  'retur_jual_details',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returId: bigint('retur_id', { mode: 'number' })
      .notNull()
      .references(() => returJual.id, { onDelete: 'cascade' }),
    orderDetailId: bigint('order_detail_id', { mode: 'number' })
      .notNull()
      .references(() => orderDetails.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
  },
  (t) => [
    uniqueIndex('retur_jual_details_line_uq').on(t.returId, t.orderDetailId),
    index('retur_jual_details_order_detail_idx').on(t.orderDetailId),
    check('retur_jual_details_qty_ck', sql`${t.qty} > 0`),
  ],
);

/** Evidence (3 images or videos); the bytes live privately under DATA_DIR/uploads/retur. */
export const returJualFiles = pgTable(
  'retur_jual_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    returId: bigint('retur_id', { mode: 'number' })
      .notNull()
      .references(() => returJual.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    file: text('file').notNull(),
    type: text('type', { enum: ['image', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('retur_jual_files_public_id_uq').on(t.publicId),
    uniqueIndex('retur_jual_files_file_uq').on(t.file),
    index('retur_jual_files_retur_idx').on(t.returId),
    check('retur_jual_files_type_ck', sql`${t.type} in ('image', 'video')`),
    check(
      'retur_jual_files_size_ck',
      sql`${t.size} > 0 and (${t.type} <> 'video' or ${t.size} <= 5000000) and (${t.type} <> 'image' or ${t.size} <= 1000000)`,
    ),
  ],
);

/**
 * Status history. id_admin 0 is the member (PENDING by the buyer, DELIVERY by 'Member'),
 * otherwise the operator (admin_nama). keterangan holds 'city|description' for tracking rows.
 */
export const returJualHistories = pgTable(
  'retur_jual_histories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returId: bigint('retur_id', { mode: 'number' })
      .notNull()
      .references(() => returJual.id, { onDelete: 'cascade' }),
    tanggal: timestamp('tanggal', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull(),
    idAdmin: integer('id_admin').notNull().default(0),
    adminNama: text('admin_nama'),
    keterangan: text('keterangan'),
  },
  (t) => [index('retur_jual_histories_retur_idx').on(t.returId, t.tanggal)],
);
