import { getDb } from '../../db/client';
import { activeProductChoices, countStockAtMost, stockRows, warehouseChoices } from '../../db/queries/stock';
import { getSetting } from '../settings';

export interface StockFilter {
  warehouseId?: number;
  search?: string;
  lowOnly?: boolean;
}

/** Stock per warehouse and product (console, GUDANG), with the low-stock mark of the `stok_menipis_batas` setting. */
export async function listStock(filter: StockFilter = {}) {
  const threshold = await getSetting('stok_menipis_batas');
  const search = filter.search?.trim() ? filter.search.trim().slice(0, 100) : undefined;
  const db = await getDb();
  const rows = await stockRows(db, { warehouseId: filter.warehouseId, search, atMost: filter.lowOnly ? threshold : undefined });
  return { threshold, rows: rows.map((row) => ({ ...row, menipis: row.qty <= threshold })) };
}

/** How many warehouse/product places are at or below the low-stock threshold (the overview's "stok menipis"). */
export async function countLowStock(): Promise<number> {
  const threshold = await getSetting('stok_menipis_batas');
  return countStockAtMost(await getDb(), threshold);
}

export async function listWarehouses() {
  return warehouseChoices(await getDb());
}

export async function listStockProducts() {
  return activeProductChoices(await getDb());
}
