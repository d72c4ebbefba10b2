import { getDb } from '../../db/client';
import { recentStockMovements } from '../../db/queries/stock';

/** The newest stock adjustments (console, GUDANG), of one warehouse or all. */
export async function listStockMovements(warehouseId?: number, limit = 50) {
  return recentStockMovements(await getDb(), warehouseId, limit);
}
