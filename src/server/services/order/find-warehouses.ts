import type { CartLine } from '../../../lib/schemas/order';
import { getDb } from '../../db/client';
import { type CartWarehouse, warehousesServingCart } from '../../db/queries/warehouses';

export type WarehouseDto = CartWarehouse;

/**
 * POST /member/gudang: the warehouses that can serve the whole cart for the chosen mode (online
 * delivery or pickup), i.e. that hold every line's quantity (spec/001 §2 Delivery step).
 */
export async function findWarehouses(carts: CartLine[], mode: { online: boolean; pickup: boolean }): Promise<WarehouseDto[]> {
  const db = await getDb();
  const wanted = mergeCart(carts);
  if (wanted.length === 0) return [];
  return warehousesServingCart(db, wanted, mode);
}

/** Lines of the same product added up, so a cart cannot claim one stock twice. */
export function mergeCart(carts: CartLine[]): CartLine[] {
  const byId = new Map<string, number>();
  for (const line of carts) byId.set(line.id, (byId.get(line.id) ?? 0) + line.qty);
  return [...byId].map(([id, qty]) => ({ id, qty }));
}
