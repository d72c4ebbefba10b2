import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './members';
import { villages } from './regions';

/** A member's saved delivery address (spec/001 §3, Shipping address). */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    nama: text('nama').notNull(),
    phone: text('phone').notNull(),
    alamat: text('alamat').notNull(),
    kelurahanId: text('kelurahan_id')
      .notNull()
      .references(() => villages.code),
    kodePos: text('kode_pos'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_addresses_public_id_uq').on(t.publicId),
    index('shipping_addresses_member_idx').on(t.memberId),
    // At most one default address per member.
    uniqueIndex('shipping_addresses_one_default_uq').on(t.memberId).where(sql`${t.isDefault}`),
  ],
);
