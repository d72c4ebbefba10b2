import { today } from '../../../lib/calendar';
import type { OrderJenis } from '../../../lib/order/bv';
import { getDb } from '../../db/client';
import { listActiveProducts } from '../../db/queries/products';
import { getSetting } from '../settings';

/**
 * GET /member/product: packages for registration and upgrade, products for repeat orders, with
 * the minimum BV per registration tier (spec/001 §3 Product), at the prices in effect today.
 */
export async function listProducts(jenis: OrderJenis, pageSize = 100, now: Date = new Date()) {
  const db = await getDb();
  const kategori = jenis === 'repeat-order' ? 'PRODUK' : 'PAKET';
  const rows = await listActiveProducts(db, kategori, pageSize, today(now));
  return { rows, total_count: rows.length, setting: await getSetting('min_bv') };
}
