import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { products, warehouses } from './orders';

/**
 * Every stock change an operator makes by hand (adjustment with a reason), kept so the warehouse's
 * count can be explained later; orders keep changing warehouse_stock on their own.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull()
      .references(() => warehouses.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    qtyBefore: integer('qty_before').notNull(),
    qtyAfter: integer('qty_after').notNull(),
    alasan: text('alasan').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id, { onDelete: 'set null' }),
    operatorNama: text('operator_nama').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_place_idx').on(t.warehouseId, t.productId, t.at),
    index('stock_movements_at_idx').on(t.at),
    check('stock_movements_qty_ck', sql`${t.qtyBefore} >= 0 and ${t.qtyAfter} >= 0 and ${t.qtyAfter} <> ${t.qtyBefore}`),
    check('stock_movements_alasan_ck', sql`length(trim(${t.alasan})) > 0`),
  ],
);
