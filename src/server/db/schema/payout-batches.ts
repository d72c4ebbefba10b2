import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_BATCH_STATUSES, type PayoutBatchStatus } from '../../domain/payout-batch-status';
import { operators } from './operators';

// The statuses and their transitions have one home: src/server/domain/payout-batch-status.ts.
export { PAYOUT_BATCH_STATUSES, type PayoutBatchStatus };
export const PAYOUT_PROVIDERS = ['manual', 'simulator', 'iris'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

/**
 * A bank bulk-transfer file the finance operator exported (console, KEUANGAN): the payouts in it
 * carry its id; "completed" when the operator confirmed the bank paid them all.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    no: text('no').notNull(),
    status: text('status', { enum: PAYOUT_BATCH_STATUSES }).notNull().default('exported'),
    jumlahPayout: integer('jumlah_payout').notNull(),
    totalNominal: bigint('total_nominal', { mode: 'number' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    operatorNama: text('operator_nama').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Which provider the batch went to (`manual`: a CSV file for the bank). */
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull().default('manual'),
    /** The create request's idempotency key (X-Idempotency-Key), stored before the request is sent. */
    idempotencyKey: text('idempotency_key'),
    /** The checker: a second KEUANGAN operator, never the maker (operator_id). */
    approvedById: bigint('approved_by_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    approvedByNama: text('approved_by_nama'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_batches_no_uq').on(t.no),
    check('payout_batches_total_ck', sql`${t.jumlahPayout} > 0 and ${t.totalNominal} > 0`),
  ],
);

/**
 * A bank account's validation by the disbursement provider (account validation: bank + account →
 * the holder's name at the bank), done before the first payout to that account; the latest answer.
 * The member sees a valid one as "Terverifikasi".
 */
export const bankAccountValidations = pgTable(
  'bank_account_validations',
  {
    kodeBank: text('kode_bank').notNull(),
    noRekening: text('no_rekening').notNull(),
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    valid: boolean('valid').notNull(),
    /** The holder's name as the bank knows it (valid ones). */
    namaBank: text('nama_bank'),
    /** Why it is not valid (the provider's error). */
    pesan: text('pesan'),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kodeBank, t.noRekening] })],
);

/**
 * The built-in disbursement simulator's own ledger (integrations/payout/simulator.ts): what it was
 * asked to pay, by reference, so that it answers like a provider (idempotent creation, status by
 * reference) across restarts. Never used with PAYOUT_PROVIDER=iris or manual.
 */
export const payoutSimulatorTransfers = pgTable(
  'payout_simulator_transfers',
  {
    referenceNo: text('reference_no').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    position: integer('position').notNull(),
    bank: text('bank').notNull(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    notes: text('notes').notNull(),
    status: text('status').notNull().default('queued'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_simulator_key_uq').on(t.idempotencyKey, t.position)],
);
