import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADJUSTMENT_STATUSES } from '../../domain/adjustment-status';
import { bonuses } from './bonus';
import { members } from './members';
import { operators } from './operators';

/**
 * A hold (COMP_PLAN.md "Commission control"): KEUANGAN stops a member's payouts (bonus_id null: all
 * their bonuses) or one bonus, with a reason, until released. Live while released_at is null.
 */
export const bonusHolds = pgTable(
  'bonus_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    bonusId: bigint('bonus_id', { mode: 'number' }).references(() => bonuses.id),
    alasan: text('alasan').notNull(),
    ditahanOlehId: bigint('ditahan_oleh_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    ditahanOlehNama: text('ditahan_oleh_nama').notNull(),
    ditahanAt: timestamp('ditahan_at', { withTimezone: true }).notNull().defaultNow(),
    dilepasOlehNama: text('dilepas_oleh_nama'),
    dilepasAt: timestamp('dilepas_at', { withTimezone: true }),
  },
  (t) => [
    index('bonus_holds_member_idx').on(t.memberId),
    // At most one live hold per member (whole) and per bonus.
    uniqueIndex('bonus_holds_live_uq').on(t.memberId, sql`coalesce(${t.bonusId}, 0)`).where(sql`${t.dilepasAt} is null`),
  ],
);

/**
 * A manual adjustment (COMP_PLAN.md): a credit or debit with a reason, made by one operator and
 * approved by a second; approval writes its ADJUSTMENT bonus row (bonus_id).
 */
export const bonusAdjustments = pgTable(
  'bonus_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    jenis: text('jenis', { enum: ['KREDIT', 'DEBIT'] }).notNull(),
    /** Gross rupiah, always positive; a debit's bonus row carries it negative. */
    nominal: bigint('nominal', { mode: 'number' }).notNull(),
    alasan: text('alasan').notNull(),
    status: text('status', { enum: ADJUSTMENT_STATUSES }).notNull().default('diajukan'),
    pembuatId: bigint('pembuat_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    pembuatNama: text('pembuat_nama').notNull(),
    pemeriksaId: bigint('pemeriksa_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    pemeriksaNama: text('pemeriksa_nama'),
    catatan: text('catatan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    diputuskanAt: timestamp('diputuskan_at', { withTimezone: true }),
    tanggal: date('tanggal', { mode: 'string' }),
    bonusId: bigint('bonus_id', { mode: 'number' }).references(() => bonuses.id),
  },
  (t) => [
    uniqueIndex('bonus_adjustments_public_id_uq').on(t.publicId),
    index('bonus_adjustments_status_idx').on(t.status, t.createdAt),
    check('bonus_adjustments_nominal_ck', sql`${t.nominal} > 0`),
  ],
);
