import type { Db, Tx } from '../../db/client';
import { insertAllPromoOmsets, insertOrderPromoOmsets } from '../../db/queries/promos';

/**
 * Records the promo omsets of one paid order, inside the caller's transaction (the order's PAID
 * transaction), by the one rule of promo omsets (db/queries/promos.ts: who earns, which promos,
 * poin = BV / 4, nominal = the goods total). Idempotent: an order counts once per promo, so
 * calling it again inserts nothing. Returns the number of rows inserted (0 for an unpaid order or
 * one outside every promo period).
 */
export async function recordPromoOmsets(tx: Tx, orderId: number): Promise<number> {
  return insertOrderPromoOmsets(tx, orderId);
}

/**
 * Builds the omsets of every paid order already in the database, with the same rule: the demo
 * seed after its order history, and an operator after creating a promo over past dates
 * (promoId limits it to that promo). Idempotent as well.
 */
export async function recordAllPromoOmsets(db: Db | Tx, promoId?: number): Promise<number> {
  return insertAllPromoOmsets(db, promoId);
}
