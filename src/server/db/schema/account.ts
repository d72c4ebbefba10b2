import { bigint, bigserial, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';
import { operators } from './operators';

/**
 * NPWP changes waiting for their e-mailed verification, or verified and waiting for the 1st of
 * next month because a bonus was already calculated this month (spec/000 §4).
 */
export const npwpChanges = pgTable(
  'npwp_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    npwp: text('npwp').notNull(),
    namaPemegangPajak: text('nama_pemegang_pajak').notNull(),
    status: text('status', { enum: ['UNVERIFIED', 'VERIFIED', 'APPLIED', 'CANCELLED'] })
      .notNull()
      .default('UNVERIFIED'),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    effectiveAt: date('effective_at', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('npwp_changes_member_idx').on(t.memberId, t.status)],
);

/**
 * A bank account, NPWP or NIK an operator refused in the KYC queue, with the reason the member
 * sees. The number stays on file; the queue leaves it out until the member enters another.
 */
export const kycRejections = pgTable(
  'kyc_rejections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    jenis: text('jenis', { enum: ['REKENING', 'NPWP', 'NIK'] }).notNull(),
    nomor: text('nomor').notNull(),
    alasan: text('alasan').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_rejections_member_idx').on(t.memberId, t.jenis, t.nomor)],
);
