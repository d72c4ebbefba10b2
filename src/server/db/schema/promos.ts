import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './members';
import { orders } from './orders';

/**
 * A reward promo (master_promo, spec/001 §3 Promo): members collect the points (syarat_poin) or
 * rupiah (syarat_nominal) of the orders of members they sponsored inside the period, and claim
 * the reward once per threshold (every threshold when kelipatan).
 * Qualification (is_qualified) is the member's rank: at least min_posisi. member_bisa_klaim
 * adds: not suspended, published (status 1) and today between periode_awal and batas_klaim.
 */
export const promos = pgTable(
  'promos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    nama: text('nama').notNull(),
    deskripsi: text('deskripsi').notNull().default(''),
    reward: text('reward').notNull(),
    jenis: text('jenis', { enum: ['REWARD', 'TRIP'] })
      .notNull()
      .default('REWARD'),
    periodeAwal: date('periode_awal', { mode: 'string' }).notNull(),
    periodeAkhir: date('periode_akhir', { mode: 'string' }).notNull(),
    /** Last day a claim is accepted (after periode_akhir the promo is completed but still claimable until then). */
    batasKlaim: date('batas_klaim', { mode: 'string' }).notNull(),
    /** Points threshold (1 point = 4 BV) or rupiah threshold: exactly one of them. */
    syaratPoin: numeric('syarat_poin', { precision: 12, scale: 2, mode: 'number' }),
    syaratNominal: bigint('syarat_nominal', { mode: 'number' }),
    kelipatan: boolean('kelipatan').notNull().default(false),
    /** Lowest rank that qualifies (is_qualified). */
    minPosisi: text('min_posisi', { enum: ['BRONZE', 'SILVER', 'PLATINUM'] })
      .notNull()
      .default('BRONZE'),
    /** 1 = published, 0 = hidden from members. */
    status: integer('status').notNull().default(1),
    urlBanner: text('url_banner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promos_public_id_uq').on(t.publicId),
    index('promos_periode_idx').on(t.periodeAwal, t.periodeAkhir),
    check('promos_periode_ck', sql`${t.periodeAwal} <= ${t.periodeAkhir} and ${t.periodeAkhir} <= ${t.batasKlaim}`),
    check(
      'promos_syarat_ck',
      sql`(${t.syaratPoin} is not null and ${t.syaratPoin} > 0 and ${t.syaratNominal} is null)
    or (${t.syaratNominal} is not null and ${t.syaratNominal} > 0 and ${t.syaratPoin} is null)`,
    ),
  ],
);

/** One claim of a promo by a member (spec/001 §3 Claim); its omset rows point at it (claim_by). */
export const promoClaims = pgTable(
  'promo_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    promoId: bigint('promo_id', { mode: 'number' })
      .notNull()
      .references(() => promos.id),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    tglClaim: timestamp('tgl_claim', { withTimezone: true }).notNull().defaultNow(),
    no: text('no').notNull(),
    poinClaimed: numeric('poin_claimed', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    nominalClaimed: bigint('nominal_claimed', { mode: 'number' }).notNull().default(0),
    /** The reward handed over (console, KONTEN/GUDANG, audited): when, and by which operator (name). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: text('delivered_by'),
  },
  (t) => [
    uniqueIndex('promo_claims_public_id_uq').on(t.publicId),
    uniqueIndex('promo_claims_no_uq').on(t.no),
    index('promo_claims_member_promo_idx').on(t.memberId, t.promoId),
  ],
);

/**
 * One qualifying paid order of a sponsored member, per promo, credited to the sponsor who earns it
 * (member_id). The unique key makes an order count once per promo (and so once per sponsor), so
 * recording the same order again changes nothing. claim_by is the claim that used the row.
 */
export const promoOmsets = pgTable(
  'promo_omsets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoId: bigint('promo_id', { mode: 'number' })
      .notNull()
      .references(() => promos.id),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    tanggal: timestamp('tanggal', { withTimezone: true }).notNull(),
    /** The order's BV / 4 (the lists show poin × 4 = BV, spec/001 §9). */
    poin: numeric('poin', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    nominal: bigint('nominal', { mode: 'number' }).notNull(),
    jenisOrder: text('jenis_order', { enum: ['reg', 'upg', 'ro'] }).notNull(),
    claimBy: bigint('claim_by', { mode: 'number' }).references((): AnyPgColumn => promoClaims.id),
    /** What claims have used of the row so far: a claim takes exactly its threshold, so a row can be used in part. */
    poinTerpakai: numeric('poin_terpakai', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    nominalTerpakai: bigint('nominal_terpakai', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('promo_omsets_promo_order_uq').on(t.promoId, t.orderId),
    index('promo_omsets_member_promo_idx').on(t.memberId, t.promoId, t.tanggal),
    index('promo_omsets_claim_idx').on(t.claimBy),
    check('promo_omsets_amount_ck', sql`${t.poin} >= 0 and ${t.nominal} >= 0`),
    check('promo_omsets_used_ck', sql`${t.poinTerpakai} between 0 and ${t.poin} and ${t.nominalTerpakai} between 0 and ${t.nominal}`),
  ],
);

/** The part of each omset row a claim used (the claim's 'Riwayat Klaim' details). */
export const promoClaimOmsets = pgTable(
  'promo_claim_omsets',
  {
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => promoClaims.id),
    omsetId: bigint('omset_id', { mode: 'number' })
      .notNull()
      .references(() => promoOmsets.id),
    poin: numeric('poin', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    nominal: bigint('nominal', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.omsetId] }), index('promo_claim_omsets_omset_idx').on(t.omsetId)],
);
