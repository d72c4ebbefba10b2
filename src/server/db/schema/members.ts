import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { treePath } from './types';

/** A member of the business and their place in the binary network (DESIGN.md §3). */
export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    idMember: text('id_member').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nama: text('nama').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    posisi: text('posisi', { enum: ['BRONZE', 'SILVER', 'PLATINUM'] }).notNull(),
    stokis: boolean('stokis').notNull().default(false),
    // Network placement: upline and side decide the tree; the sponsor recruited the member.
    sponsorId: bigint('sponsor_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
    uplineId: bigint('upline_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
    sisi: text('sisi', { enum: ['L', 'R', 'root'] }).notNull(),
    path: treePath('path').notNull(),
    depth: integer('depth').notNull(),
    jumlahChildKiri: integer('jumlah_child_kiri').notNull().default(0),
    jumlahChildKanan: integer('jumlah_child_kanan').notNull().default(0),
    // Downline per rank and side, kept with the placement and rank changes, so the totals panel
    // never counts a million rows (DESIGN.md §9).
    jumlahBronzeKiri: integer('jumlah_bronze_kiri').notNull().default(0),
    jumlahBronzeKanan: integer('jumlah_bronze_kanan').notNull().default(0),
    jumlahSilverKiri: integer('jumlah_silver_kiri').notNull().default(0),
    jumlahSilverKanan: integer('jumlah_silver_kanan').notNull().default(0),
    jumlahPlatinumKiri: integer('jumlah_platinum_kiri').notNull().default(0),
    jumlahPlatinumKanan: integer('jumlah_platinum_kanan').notNull().default(0),
    tglJoin: date('tgl_join', { mode: 'string' }).notNull(),
    kodeReferal: text('kode_referal').notNull(),
    statusKodeetik: boolean('status_kodeetik').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    // Profile (spec/000 §3, Member profile).
    nomorIdentitas: text('nomor_identitas'),
    tglLahir: date('tgl_lahir', { mode: 'string' }),
    jenisKelamin: text('jenis_kelamin', { enum: ['LAKI-LAKI', 'PEREMPUAN'] }),
    agama: text('agama'),
    statusKawin: text('status_kawin'),
    alamat: text('alamat'),
    propinsi: text('propinsi'),
    kota: text('kota'),
    kecamatan: text('kecamatan'),
    negara: text('negara').notNull().default('Indonesia'),
    kodePos: text('kode_pos'),
    propinsiDomisili: text('propinsi_domisili'),
    kotaDomisili: text('kota_domisili'),
    // Bank account.
    kodeBank: text('kode_bank'),
    namaRekening: text('nama_rekening'),
    noRekening: text('no_rekening'),
    cabang: text('cabang'),
    statusRekening: text('status_rekening', { enum: ['VERIFIED', 'UNVERIFIED'] })
      .notNull()
      .default('UNVERIFIED'),
    // Tax number.
    npwp: text('npwp'),
    namaPemegangPajak: text('nama_pemegang_pajak'),
    statusNpwp: text('status_npwp', { enum: ['VERIFIED', 'UNVERIFIED'] })
      .notNull()
      .default('UNVERIFIED'),
    // Heir.
    noNikPassporPenerima: text('no_nik_passpor_penerima'),
    namaLengkapPewaris: text('nama_lengkap_pewaris'),
    noMobilePewaris: text('no_mobile_pewaris'),
    hubunganPewaris: text('hubungan_pewaris'),
    autoWidraw: boolean('auto_widraw').notNull().default(false),
    /** The first paid upgrade (the downline report's "upgrade" column), kept with the payment. */
    tglUpgrade: timestamp('tgl_upgrade', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_public_id_uq').on(t.publicId),
    uniqueIndex('members_id_member_uq').on(t.idMember),
    uniqueIndex('members_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('members_kode_referal_uq').on(t.kodeReferal),
    uniqueIndex('members_path_uq').on(t.path),
    // One member per slot: an upline has at most one child on each side.
    uniqueIndex('members_upline_side_uq').on(t.uplineId, t.sisi),
    index('members_sponsor_idx').on(t.sponsorId),
    // The downline report's order (newest first) with the path, so a page is cut by keyset from one
    // index and a page jump counts index entries only (ADR 0018).
    index('members_join_order_idx').on(t.tglJoin, t.id, t.path),
    // The downline report's name search ('%budi%') through trigrams (pg_trgm, loaded in PGlite too).
    index('members_nama_trgm_idx').using('gin', sql`lower(${t.nama}) gin_trgm_ops`),
    // Name search within a downline ('Cari ID/Nama'): byte-ordered lower-cased names serve both the
    // prefix match and the order, so a million members stop after the first ten matches.
    index('members_nama_prefix_idx').using('btree', sql`(lower(${t.nama}) collate "C")`, t.id),
    // The console's member search (CS) looks members up by exact phone or e-mail on a big network.
    index('members_phone_idx').on(t.phone),
    index('members_email_lower_idx').on(sql`lower(${t.email})`),
    // Every closing looks for the members whose payout queues itself (services/bonus/payouts.ts,
    // queueAutoWithdrawals): found here instead of by reading the whole table (~0.1 s at 1M).
    index('members_auto_withdraw_idx').on(t.id).where(sql`${t.autoWidraw} and ${t.statusRekening} = 'VERIFIED' and not ${t.isSuspended}`),
  ],
);

/**
 * Marks in a member's downline in the report's order, oldest first (ADR 0018, "Anchors"): the (tgl_join, id)
 * of the row at position `pos` (0-based, every ~1,000th row), so a page typed by number seeks to
 * the nearest mark and skips fewer than 1,000 index entries. Kept exact by the placements: a
 * member joining or leaving a downline forgets that downline's marks at or after its own key.
 */
export const downlineAnchors = pgTable(
  'downline_anchors',
  {
    rootId: bigint('root_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    pos: integer('pos').notNull(),
    tglJoin: date('tgl_join', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rootId, t.pos] })],
);
