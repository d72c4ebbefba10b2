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
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * A member's tax status as a dated history (COMP_PLAN.md, Withholding): from `berlaku_sejak` on,
 * withholding uses `punya_npwp` (a verified NPWP, or a NIK an operator verified as active). The
 * closing reads the row in effect on the bonus's date, never today's value.
 */
export const npwpStatuses = pgTable(
  'npwp_statuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    berlakuSejak: date('berlaku_sejak', { mode: 'string' }).notNull(),
    punyaNpwp: boolean('punya_npwp').notNull(),
    /** What was verified: 'NPWP', 'NIK', or 'TANPA' (a new, not yet verified number replaced a verified one). */
    jenis: text('jenis', { enum: ['NPWP', 'NIK', 'TANPA'] }).notNull(),
    nomor: text('nomor'),
    admin: text('admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('npwp_statuses_member_idx').on(t.memberId, t.berlakuSejak)],
);

/**
 * A BP21 withholding slip (INTEGRATIONS.md): issued once after a tax month's last closing, stored
 * and never changed; a reversal that changes a closed month issues a Pembetulan slip that
 * refers to the one it corrects. Numbers run per withholder and year.
 */
export const buktiPotong = pgTable(
  'bukti_potong',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nomor: text('nomor').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    tahun: integer('tahun').notNull(),
    masa: integer('masa').notNull(),
    status: text('status', { enum: ['NORMAL', 'PEMBETULAN'] }).notNull(),
    pembetulanKe: integer('pembetulan_ke').notNull().default(0),
    menggantiId: bigint('mengganti_id', { mode: 'number' }).references((): AnyPgColumn => buktiPotong.id),
    npwp: text('npwp'),
    nik: text('nik'),
    nama: text('nama').notNull(),
    kodeObjekPajak: text('kode_objek_pajak').notNull(),
    bruto: bigint('bruto', { mode: 'number' }).notNull(),
    dpp: bigint('dpp', { mode: 'number' }).notNull(),
    /** The statutory rate in percent ("5", "6" = 5% × 120% without an NPWP). */
    tarif: text('tarif').notNull(),
    pph: bigint('pph', { mode: 'number' }).notNull(),
    tanggalPotong: date('tanggal_potong', { mode: 'string' }).notNull(),
    pemotongNpwp: text('pemotong_npwp').notNull(),
    pemotongNama: text('pemotong_nama').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bukti_potong_nomor_uq').on(t.nomor),
    uniqueIndex('bukti_potong_member_masa_uq').on(t.memberId, t.tahun, t.masa, t.pembetulanKe),
    index('bukti_potong_masa_idx').on(t.tahun, t.masa),
    check('bukti_potong_masa_ck', sql`${t.masa} between 1 and 12`),
  ],
);
