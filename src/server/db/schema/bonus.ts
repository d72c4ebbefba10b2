import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
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
import { CLOSING_STATUSES } from '../../domain/closing-status';
import { PAYOUT_STATUSES } from '../../domain/payout-status';
import { members } from './members';
import { operators } from './operators';
import { payoutBatches } from './payout-batches';

export const BONUS_TYPES = ['SPONSOR', 'RO', 'RO-SPONSOR', 'PAIR', 'PASSUP', 'ANNUAL', 'ADJUSTMENT'] as const;

/**
 * One bonus row per member, day and type (spec/000 §3, Bonus); `detail` holds that type's array
 * (bonus_sponsors, bonus_ros, …). The unique key makes a second closing of a day impossible.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    jenisBonus: text('jenis_bonus', { enum: BONUS_TYPES }).notNull(),
    bonusBruto: bigint('bonus_bruto', { mode: 'number' }).notNull(),
    potPph: bigint('pot_pph', { mode: 'number' }).notNull(),
    bonusDibayar: bigint('bonus_dibayar', { mode: 'number' }).notNull(),
    statusTransfer: text('status_transfer', { enum: ['PENDING', 'PROCESSED'] })
      .notNull()
      .default('PENDING'),
    tglTransfer: timestamp('tgl_transfer', { withTimezone: true }),
    detail: jsonb('detail').notNull(),
    /** The live payout holding this bonus; one column, so a bonus can be in at most one. */
    payoutId: bigint('payout_id', { mode: 'number' }).references((): AnyPgColumn => payouts.id),
    /** A reversal row (refund, chargeback): the bonus it takes back, with negative amounts. */
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => bonuses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bonuses_member_payout_idx').on(t.memberId, t.payoutId),
    uniqueIndex('bonuses_public_id_uq').on(t.publicId),
    // One row per member, day and type; a reversal is one row per reversed bonus and day; a
    // manual adjustment (ADJUSTMENT) is one row per approved adjustment, however many in a day.
    uniqueIndex('bonuses_member_day_type_uq')
      .on(t.memberId, t.tanggal, t.jenisBonus, sql`coalesce(${t.reversesId}, 0)`)
      .where(sql`${t.jenisBonus} <> 'ADJUSTMENT'`),
    index('bonuses_tanggal_idx').on(t.tanggal),
    index('bonuses_reverses_idx').on(t.reversesId),
    check(
      'bonuses_money_ck',
      sql`${t.bonusDibayar} = ${t.bonusBruto} - ${t.potPph} and (
    (${t.reversesId} is null and ${t.bonusBruto} >= 0 and ${t.potPph} >= 0) or (${t.reversesId} is not null and ${t.bonusBruto} <= 0 and ${t.potPph} <= 0)
    or (${t.jenisBonus} = 'ADJUSTMENT' and ${t.reversesId} is null and ${t.bonusBruto} < 0 and ${t.potPph} <= 0))`,
    ),
  ],
);

/** Each member's pairing state after the last closed day (COMP_PLAN.md). */
export const memberPairing = pgTable(
  'member_pairing',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id),
    sisaBvKiri: integer('sisa_bv_kiri').notNull().default(0),
    sisaBvKanan: integer('sisa_bv_kanan').notNull().default(0),
    tanggalExpired: date('tanggal_expired', { mode: 'string' }).notNull(),
    jumlahPair: integer('jumlah_pair').notNull().default(0),
    jumlahPairBv: integer('jumlah_pair_bv').notNull().default(0),
    jumlahBvKiri: integer('jumlah_bv_kiri').notNull().default(0),
    jumlahBvKanan: integer('jumlah_bv_kanan').notNull().default(0),
    /** BV of refunded orders that had already been paired: the next new volume on that side pays it back first. */
    hutangBvKiri: integer('hutang_bv_kiri').notNull().default(0),
    hutangBvKanan: integer('hutang_bv_kanan').notNull().default(0),
  },
  (t) => [
    check(
      'member_pairing_carry_ck',
      sql`${t.sisaBvKiri} >= 0 and ${t.sisaBvKanan} >= 0 and ${t.hutangBvKiri} >= 0 and ${t.hutangBvKanan} >= 0`,
    ),
  ],
);

/**
 * Per member and annual period (keyed by the period's first day): the registration and upgrade
 * BV paid in the period that reached each side, net of refunds, and the pair-BV the closings
 * paid (COMP_PLAN.md, Annual pairing). Kept in the payment's, the refund's and the closing's
 * transaction so the annual pairing report and card read one row whatever the downline's size.
 */
export const memberAnnual = pgTable(
  'member_annual',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    periodeMulai: date('periode_mulai', { mode: 'string' }).notNull(),
    bvKiri: bigint('bv_kiri', { mode: 'number' }).notNull().default(0),
    bvKanan: bigint('bv_kanan', { mode: 'number' }).notNull().default(0),
    pairBv: bigint('pair_bv', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.periodeMulai] })],
);

/**
 * Days the closing has run; a closed day is never computed again (a DRAFT may be discarded and
 * computed anew). Its bonuses are payable only once it is APPROVED (src/server/domain/closing-status.ts);
 * days closed before drafts existed are approved.
 */
export const closedDays = pgTable('closed_days', {
  tanggal: date('tanggal', { mode: 'string' }).primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  bonusCount: integer('bonus_count').notNull(),
  totalBruto: bigint('total_bruto', { mode: 'number' }).notNull(),
  /** What the closing took in: paid orders counted that day and their BV (the reconciliation's left side). */
  jumlahOrder: integer('jumlah_order').notNull().default(0),
  totalBv: integer('total_bv').notNull().default(0),
  status: text('status', { enum: CLOSING_STATUSES }).notNull().default('APPROVED'),
  /** The operator who started the draft (null: the scheduler or a command). */
  dibuatOleh: bigint('dibuat_oleh', { mode: 'number' }).references(() => operators.id),
  disetujuiOleh: bigint('disetujui_oleh', { mode: 'number' }).references(() => operators.id),
  /** Who approved it as the audit names them (an operator, or "Sistem (persetujuan otomatis)"). */
  disetujuiNama: text('disetujui_nama'),
  disetujuiAt: timestamp('disetujui_at', { withTimezone: true }),
});

/**
 * What a draft closing changed that its bonus rows do not show, kept until it is approved so the
 * draft can be discarded and computed anew: the pairing counters of the members it touched as
 * they were before it (closingUndoPairing; only closings write them) and the pair-BV the closing
 * added to the annual counters.
 */
export const closingUndo = pgTable('closing_undo', {
  // No reference to closed_days: the row is written before the closing records its day.
  tanggal: date('tanggal', { mode: 'string' }).primaryKey(),
  /** Drafts made before migration 0027 only: the whole member_pairing table (newer ones: null, see closingUndoPairing). */
  pairing: jsonb('pairing'),
  /** `{ periodeMulai, pairs: [memberId, pairBv][] }` or null when the day added none. */
  annual: jsonb('annual'),
});

/**
 * The pairing counters a draft closing was about to change, one row per step of the closing that
 * writes them (clocks, the day's pairing, refunds): the members' member_pairing rows as they were,
 * column by column (the i-th element of each array is the i-th kept row: arrays, not a jsonb of
 * rows, which took 8 µs a row to build — a third of a second of a busy day at 1M members), and the
 * members who had none yet (`absent`). A member kept by two steps is restored from the first. A
 * few rows per day instead of one per member: a closing at a million members touches tens of
 * thousands. Deleted with the day's closing_undo row.
 */
export const closingUndoPairing = pgTable(
  'closing_undo_pairing',
  {
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    step: integer('step').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).array().notNull(),
    sisaBvKiri: integer('sisa_bv_kiri').array().notNull(),
    sisaBvKanan: integer('sisa_bv_kanan').array().notNull(),
    tanggalExpired: date('tanggal_expired', { mode: 'string' }).array().notNull(),
    jumlahPair: integer('jumlah_pair').array().notNull(),
    jumlahPairBv: integer('jumlah_pair_bv').array().notNull(),
    jumlahBvKiri: integer('jumlah_bv_kiri').array().notNull(),
    jumlahBvKanan: integer('jumlah_bv_kanan').array().notNull(),
    hutangBvKiri: integer('hutang_bv_kiri').array().notNull(),
    hutangBvKanan: integer('hutang_bv_kanan').array().notNull(),
    absent: bigint('absent', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tanggal, t.step] })],
);

// The statuses and their transitions have one home: src/server/domain/payout-status.ts.
export { PAYOUT_STATUSES };

/** A withdrawal of chosen bonuses (spec/000 §3, Payout); bank data is a snapshot at request time. */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    no: text('no').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('queued'),
    totalBonus: bigint('total_bonus', { mode: 'number' }).notNull(),
    adminFee: bigint('admin_fee', { mode: 'number' }).notNull(),
    nominal: bigint('nominal', { mode: 'number' }).notNull(),
    bankNama: text('bank_nama'),
    noRekening: text('no_rekening'),
    namaRekening: text('nama_rekening'),
    bonusIds: jsonb('bonus_ids').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    catatan: text('catatan'),
    /** The bank bulk-transfer batch it was exported in (console, KEUANGAN), if any. */
    batchId: bigint('batch_id', { mode: 'number' }).references(() => payoutBatches.id),
    /**
     * The disbursement provider's side (services/bonus/send-payout-batch.ts): the idempotency key is
     * stored BEFORE the payout is sent, the provider's reference_no once it answered; the provider's
     * last status (queued, approved, processed, completed, failed, rejected) with its time, so an
     * older notification never overwrites a newer one; its error on failure.
     */
    idempotencyKey: text('idempotency_key'),
    referenceNo: text('reference_no'),
    providerStatus: text('provider_status'),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    providerError: text('provider_error'),
  },
  (t) => [
    uniqueIndex('payouts_reference_no_uq').on(t.referenceNo),
    uniqueIndex('payouts_public_id_uq').on(t.publicId),
    index('payouts_batch_idx').on(t.batchId),
    uniqueIndex('payouts_no_uq').on(t.no),
    index('payouts_member_idx').on(t.memberId, t.createdAt),
    check('payouts_money_ck', sql`${t.nominal} = ${t.totalBonus} - ${t.adminFee} and ${t.nominal} > 0`),
  ],
);
