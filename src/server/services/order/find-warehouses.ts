import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { CartLine } from '../../../lib/schemas/order';

export interface WarehouseDto {
  public_id: string;
  nama: string;
  lokasi: string;
  /** The warehouse's village code: the origin of shipping quotes. */
  id_alamat: string | null;
}

/**
 * POST /member/gudang: the warehouses that can serve the whole cart for the chosen mode (online
 * delivery or pickup), i.e. that hold every line's quantity (spec/001 §2 Delivery step).
 */
export async function findWarehouses(carts: CartLine[], mode: { online: boolean; pickup: boolean }): Promise<WarehouseDto[]> {
  const db = await getDb();
  const wanted = mergeCart(carts);
  if (wanted.length === 0) return [];
  const lines = sql.join(wanted.map((l) => sql`(${l.id}::uuid, ${l.qty}::int)`), sql`, `);
  return selectRows<WarehouseDto>(db, sql`
    with cart(public_id, qty) as (values ${lines})
    select w.public_id::text as public_id, w.nama, w.lokasi, w.kelurahan_id as id_alamat
    from warehouses w
    where (${!mode.online} or w.is_online) and (${!mode.pickup} or w.is_pickup)
      and not exists (
        select 1 from cart c join products p on p.public_id = c.public_id
        left join warehouse_stock s on s.warehouse_id = w.id and s.product_id = p.id
        where coalesce(s.qty, 0) < c.qty)
      and (select count(*) from cart c join products p on p.public_id = c.public_id and p.is_active) = ${wanted.length}
    order by w.id`);
}

/** Lines of the same product added up, so a cart cannot claim one stock twice. */
export function mergeCart(carts: CartLine[]): CartLine[] {
  const byId = new Map<string, number>();
  for (const line of carts) byId.set(line.id, (byId.get(line.id) ?? 0) + line.qty);
  return [...byId].map(([id, qty]) => ({ id, qty }));
}
