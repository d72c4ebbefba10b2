import { asc, eq, sql } from 'drizzle-orm';
import { type Db, preparedOnce, selectRows, type Tx } from '../client';
import { warehouses } from '../schema';

/** A warehouse by its public id, with what decides whether it serves delivery or pickup. */
export async function findWarehouse(db: Db | Tx, publicId: string) {
  const [row] = await db
    .select({
      id: warehouses.id,
      nama: warehouses.nama,
      kelurahanId: warehouses.kelurahanId,
      isOnline: warehouses.isOnline,
      isPickup: warehouses.isPickup,
    })
    .from(warehouses)
    .where(eq(warehouses.publicId, publicId));
  return row;
}

/** The warehouses that ship online orders, in their configured order. */
export function listOnlineWarehouses(db: Db | Tx): Promise<{ public_id: string; nama: string; lokasi: string }[]> {
  // Prepared (the shipping-cost page's every view, issue #24).
  return preparedOnce(db, 'online_warehouses', () =>
    db
      .select({ public_id: warehouses.publicId, nama: warehouses.nama, lokasi: warehouses.lokasi })
      .from(warehouses)
      .where(eq(warehouses.isOnline, true))
      .orderBy(asc(warehouses.id))
      .prepare('online_warehouses'),
  ).execute();
}

export interface CartWarehouse {
  public_id: string;
  nama: string;
  lokasi: string;
  /** The warehouse's village code: the origin of shipping quotes. */
  id_alamat: string | null;
}

/**
 * The warehouses of the mode (online and/or pickup) holding every line's quantity, when every
 * line is an active product. Set-based: the cart is a VALUES list checked against all stock at once.
 */
export async function warehousesServingCart(
  db: Db | Tx,
  cart: { id: string; qty: number }[],
  mode: { online: boolean; pickup: boolean },
): Promise<CartWarehouse[]> {
  if (cart.length === 0) return [];
  const lines = sql.join(
    cart.map((l) => sql`(${l.id}::uuid, ${l.qty}::int)`),
    sql`, `,
  );
  return selectRows<CartWarehouse>(
    db,
    sql`
    with cart(public_id, qty) as (values ${lines})
    select w.public_id::text as public_id, w.nama, w.lokasi, w.kelurahan_id as id_alamat
    from warehouses w
    where (${!mode.online} or w.is_online) and (${!mode.pickup} or w.is_pickup)
      and not exists (
        select 1 from cart c join products p on p.public_id = c.public_id
        left join warehouse_stock s on s.warehouse_id = w.id and s.product_id = p.id
        where coalesce(s.qty, 0) < c.qty)
      and (select count(*) from cart c join products p on p.public_id = c.public_id and p.is_active) = ${cart.length}
    order by w.id`,
  );
}

/** Every warehouse for the console's catalogue page, in their configured order. */
export function listWarehousesAdmin(db: Db | Tx) {
  return db
    .select({
      id: warehouses.id,
      nama: warehouses.nama,
      lokasi: warehouses.lokasi,
      isOnline: warehouses.isOnline,
      isPickup: warehouses.isPickup,
    })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
}

/** One warehouse, locked for the rest of the transaction. */
export async function lockWarehouse(tx: Db | Tx, id: number) {
  const [row] = await tx
    .select({ nama: warehouses.nama, lokasi: warehouses.lokasi, isOnline: warehouses.isOnline, isPickup: warehouses.isPickup })
    .from(warehouses)
    .where(eq(warehouses.id, id))
    .for('update');
  return row;
}

export async function updateWarehouseFields(
  tx: Db | Tx,
  id: number,
  fields: Pick<typeof warehouses.$inferInsert, 'nama' | 'lokasi' | 'isOnline' | 'isPickup'>,
): Promise<void> {
  await tx.update(warehouses).set(fields).where(eq(warehouses.id, id));
}
