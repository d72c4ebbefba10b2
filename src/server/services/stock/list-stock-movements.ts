import { desc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { products, stockMovements, warehouses } from '../../db/schema';

/** The newest stock adjustments (console, GUDANG), of one warehouse or all. */
export async function listStockMovements(warehouseId?: number, limit = 50) {
  const db = await getDb();
  return db.select({
    at: stockMovements.at, gudang: warehouses.nama, kode: products.kode, nama: products.nama,
    qtyBefore: stockMovements.qtyBefore, qtyAfter: stockMovements.qtyAfter, alasan: stockMovements.alasan, operatorNama: stockMovements.operatorNama,
  }).from(stockMovements)
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId)).innerJoin(products, eq(products.id, stockMovements.productId))
    .where(warehouseId ? eq(stockMovements.warehouseId, warehouseId) : undefined)
    .orderBy(desc(stockMovements.at), desc(stockMovements.id)).limit(limit);
}
