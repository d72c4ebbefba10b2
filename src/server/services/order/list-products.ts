import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { OrderJenis } from '../../../lib/order/bv';
import { getSetting } from '../settings';
import type { Product } from '../../../lib/order/product';

/**
 * GET /member/product: packages for registration and upgrade, products for repeat orders, with
 * the minimum BV per registration tier (spec/001 §3 Product).
 */
export async function listProducts(jenis: OrderJenis, pageSize = 100) {
  const db = await getDb();
  const kategori = jenis === 'repeat-order' ? 'PRODUK' : 'PAKET';
  const rows = await selectRows<Product>(db, sql`
    select public_id::text as public_id, nama, harga::float8 as harga, value, berat, dpp::float8 as dpp,
      persen_ppn, deskripsi, gambars
    from products where is_active and kategori = ${kategori}
    order by value, harga, id limit ${pageSize}`);
  return { rows, total_count: rows.length, setting: await getSetting('min_bv') };
}
