import { bigint, bigserial, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PROPOSAL_STATUSES } from '../../domain/setting-proposal-status';
import { operators } from './operators';

/**
 * A change of one settings group (docs/decisions/0023-settings-approval.md): the values before and
 * after (per setting key), proposed by one SUPERADMIN and approved by a second; live from
 * `berlaku_mulai` (set at approval). `diterapkan_at`: when it was written to `settings`.
 */
export const settingProposals = pgTable(
  'setting_proposals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    grup: text('grup').notNull(),
    sebelum: jsonb('sebelum').notNull(),
    nilai: jsonb('nilai').notNull(),
    berlakuMulai: date('berlaku_mulai', { mode: 'string' }),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('diajukan'),
    pengusulId: bigint('pengusul_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    pengusulNama: text('pengusul_nama').notNull(),
    pemeriksaId: bigint('pemeriksa_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    pemeriksaNama: text('pemeriksa_nama'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    diputuskanAt: timestamp('diputuskan_at', { withTimezone: true }),
    diterapkanAt: timestamp('diterapkan_at', { withTimezone: true }),
  },
  (t) => [index('setting_proposals_grup_idx').on(t.grup, t.status, t.berlakuMulai)],
);
