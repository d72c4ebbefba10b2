import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { getSetting } from '../settings';

export interface StockFilter { warehouseId?: number; search?: string; lowOnly?: boolean }

/** Stock per warehouse and product (console, GUDANG), with the low-stock mark of the `stok_menipis_batas` setting. */
export async function listStock(filter: StockFilter = {}) {
  const threshold = await getSetting('stok_menipis_batas');
  const term = filter.search?.trim() ? `%${filter.search.trim().slice(0, 100).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const db = await getDb();
  const rows = await selectRows<{ warehouse_id: number; gudang: string; product_id: number; kode: string; nama: string; qty: number }>(db, sql`
    select w.id::int as warehouse_id, w.nama as gudang, p.id::int as product_id, p.kode, p.nama, coalesce(s.qty, 0) as qty
    from warehouses w cross join products p left join warehouse_stock s on s.warehouse_id = w.id and s.product_id = p.id
    where p.is_active
      ${filter.warehouseId ? sql`and w.id = ${filter.warehouseId}` : sql``}
      ${term ? sql`and (p.kode ilike ${term} or p.nama ilike ${term})` : sql``}
      ${filter.lowOnly ? sql`and coalesce(s.qty, 0) <= ${threshold}` : sql``}
    order by w.nama, p.kode`);
  return { threshold, rows: rows.map((row) => ({ ...row, menipis: row.qty <= threshold })) };
}

/** How many warehouse/product places are at or below the low-stock threshold (the overview's "stok menipis"). */
export async function countLowStock(): Promise<number> {
  const threshold = await getSetting('stok_menipis_batas');
  const db = await getDb();
  const [row] = await selectRows<{ n: number }>(db, sql`
    select count(*)::int as n from warehouses w cross join products p
    left join warehouse_stock s on s.warehouse_id = w.id and s.product_id = p.id
    where p.is_active and coalesce(s.qty, 0) <= ${threshold}`);
  return row?.n ?? 0;
}

export async function listWarehouses() {
  const db = await getDb();
  return selectRows<{ id: number; nama: string }>(db, sql`select id::int as id, nama from warehouses order by nama`);
}

export async function listStockProducts() {
  const db = await getDb();
  return selectRows<{ id: number; kode: string; nama: string }>(db, sql`select id::int as id, kode, nama from products where is_active order by kode`);
}
