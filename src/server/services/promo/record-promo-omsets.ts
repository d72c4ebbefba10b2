import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';

/**
 * The one rule of promo omsets, as the rows it gives (promo_id, member_id, order_id, tanggal,
 * poin, nominal, jenis_order) for the paid orders matched by `orderFilter` (alias o):
 * - who earns: for a registration the sponsor of the new member (the buyer, who registered them);
 *   for an upgrade or repeat order the buyer's sponsor. A member without a sponsor earns nobody.
 * - which promos: every promo whose period covers the day the order was paid (Asia/Jakarta).
 * - amounts: poin = the order's BV / 4 (the lists show poin × 4), nominal = the goods total.
 */
function omsetRows(orderFilter: SQL, promoFilter: SQL = sql`true`): SQL {
  return sql`
    select p.id as promo_id, e.earner as member_id, o.id as order_id, o.paid_at as tanggal,
      round(o.total_bv::numeric / 4, 2) as poin, o.total_harga as nominal, o.jenis_order
    from orders o
    join members buyer on buyer.id = o.member_id
    left join members nm on nm.id = o.new_member_id
    cross join lateral (select case when o.jenis_order = 'reg' then coalesce(nm.sponsor_id, o.member_id) else buyer.sponsor_id end as earner) e
    join promos p on (o.paid_at at time zone 'Asia/Jakarta')::date between p.periode_awal and p.periode_akhir
    where o.paid_at is not null and o.status_order not in ('PENDING', 'CANCEL', 'EXPIRED')
      and o.total_harga > 0 -- a return's free replacement earns nothing
      and e.earner is not null and (${orderFilter}) and (${promoFilter})`;
}

async function insertOmsets(db: Db | Tx, rows: SQL): Promise<number> {
  const inserted = await selectRows<{ id: number }>(db, sql`
    insert into promo_omsets (promo_id, member_id, order_id, tanggal, poin, nominal, jenis_order)
    ${rows}
    on conflict (promo_id, order_id) do nothing
    returning id::int as id`);
  return inserted.length;
}

/**
 * Records the promo omsets of one paid order, inside the caller's transaction (the order's PAID
 * transaction). Idempotent: an order counts once per promo, so calling it again inserts nothing.
 * Returns the number of rows inserted (0 for an unpaid order or one outside every promo period).
 */
export async function recordPromoOmsets(tx: Tx, orderId: number): Promise<number> {
  return insertOmsets(tx, omsetRows(sql`o.id = ${orderId}`));
}

/**
 * Builds the omsets of every paid order already in the database, with the same rule: the demo
 * seed after its order history, and an operator after creating a promo over past dates
 * (promoId limits it to that promo). Idempotent as well.
 */
export async function recordAllPromoOmsets(db: Db | Tx, promoId?: number): Promise<number> {
  return insertOmsets(db, omsetRows(sql`true`, promoId === undefined ? sql`true` : sql`p.id = ${promoId}`));
}
