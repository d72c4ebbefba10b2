import { and, asc, count, desc, eq, ilike, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { containsPattern } from '../like';
import { toCount } from '../money';
import { products, stockMovements, warehouseStock, warehouses } from '../schema';

/** A place's stock: 0 where no stock row exists yet. */
const qtyOrZero = sql<number>`coalesce(${warehouseStock.qty}, 0)`;

/** Every active product in every warehouse: the places the console's stock table shows. */
function placesOf(db: Db | Tx) {
  return db
    .select({
      warehouse_id: warehouses.id,
      gudang: warehouses.nama,
      product_id: products.id,
      kode: products.kode,
      nama: products.nama,
      qty: qtyOrZero,
    })
    .from(warehouses)
    .crossJoin(products)
    .leftJoin(warehouseStock, and(eq(warehouseStock.warehouseId, warehouses.id), eq(warehouseStock.productId, products.id)));
}

export interface StockRowFilter {
  warehouseId?: number;
  search?: string;
  atMost?: number;
}

/** Stock per warehouse and active product, by warehouse name and product code; `search` matches code or name. */
export async function stockRows(db: Db | Tx, filter: StockRowFilter) {
  const term = filter.search ? containsPattern(filter.search) : undefined;
  const rows = await placesOf(db)
    .where(
      and(
        eq(products.isActive, true),
        filter.warehouseId ? eq(warehouses.id, filter.warehouseId) : undefined,
        term ? or(ilike(products.kode, term), ilike(products.nama, term)) : undefined,
        filter.atMost !== undefined ? lte(qtyOrZero, filter.atMost) : undefined,
      ),
    )
    .orderBy(asc(warehouses.nama), asc(products.kode));
  return rows.map((row) => ({ ...row, qty: toCount(row.qty) }));
}

/** How many warehouse/product places of active products hold at most `threshold`. */
export async function countStockAtMost(db: Db | Tx, threshold: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(warehouses)
    .crossJoin(products)
    .leftJoin(warehouseStock, and(eq(warehouseStock.warehouseId, warehouses.id), eq(warehouseStock.productId, products.id)))
    .where(and(eq(products.isActive, true), lte(qtyOrZero, threshold)));
  return toCount(row?.n);
}

export function warehouseChoices(db: Db | Tx): Promise<{ id: number; nama: string }[]> {
  return db.select({ id: warehouses.id, nama: warehouses.nama }).from(warehouses).orderBy(asc(warehouses.nama));
}

export function activeProductChoices(db: Db | Tx): Promise<{ id: number; kode: string; nama: string }[]> {
  return db
    .select({ id: products.id, kode: products.kode, nama: products.nama })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.kode));
}

/** The warehouse's name and the product's code, or undefined when either does not exist. */
export async function stockPlace(db: Db | Tx, warehouseId: number, productId: number) {
  const [row] = await db
    .select({ gudang: warehouses.nama, kode: products.kode })
    .from(warehouses)
    .crossJoin(products)
    .where(and(eq(warehouses.id, warehouseId), eq(products.id, productId)));
  return row;
}

/** The place's count, its stock row created at 0 if missing and locked for the rest of the transaction. */
export async function lockStockQty(tx: Tx, warehouseId: number, productId: number): Promise<number> {
  await tx.insert(warehouseStock).values({ warehouseId, productId, qty: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ qty: warehouseStock.qty })
    .from(warehouseStock)
    .where(and(eq(warehouseStock.warehouseId, warehouseId), eq(warehouseStock.productId, productId)))
    .for('update');
  return row!.qty;
}

export async function setStockQty(db: Db | Tx, warehouseId: number, productId: number, qty: number): Promise<void> {
  await db
    .update(warehouseStock)
    .set({ qty })
    .where(and(eq(warehouseStock.warehouseId, warehouseId), eq(warehouseStock.productId, productId)));
}

export async function insertStockMovement(db: Db | Tx, movement: typeof stockMovements.$inferInsert): Promise<void> {
  await db.insert(stockMovements).values(movement);
}

/** The newest stock adjustments, of one warehouse or all. */
export function recentStockMovements(db: Db | Tx, warehouseId: number | undefined, limit: number) {
  return db
    .select({
      at: stockMovements.at,
      gudang: warehouses.nama,
      kode: products.kode,
      nama: products.nama,
      qtyBefore: stockMovements.qtyBefore,
      qtyAfter: stockMovements.qtyAfter,
      alasan: stockMovements.alasan,
      operatorNama: stockMovements.operatorNama,
    })
    .from(stockMovements)
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .where(warehouseId ? eq(stockMovements.warehouseId, warehouseId) : undefined)
    .orderBy(desc(stockMovements.at), desc(stockMovements.id))
    .limit(limit);
}
