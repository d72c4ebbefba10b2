import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './operators';

export const PAYOUT_BATCH_STATUSES = ['exported', 'completed'] as const;

/**
 * A bank bulk-transfer file the finance operator exported (console, KEUANGAN): the payouts in it
 * carry its id; "completed" when the operator confirmed the bank paid them all.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  no: text('no').notNull(),
  status: text('status', { enum: PAYOUT_BATCH_STATUSES }).notNull().default('exported'),
  jumlahPayout: integer('jumlah_payout').notNull(),
  totalNominal: bigint('total_nominal', { mode: 'number' }).notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
  operatorNama: text('operator_nama').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('payout_batches_no_uq').on(t.no),
  check('payout_batches_total_ck', sql`${t.jumlahPayout} > 0 and ${t.totalNominal} > 0`),
]);
