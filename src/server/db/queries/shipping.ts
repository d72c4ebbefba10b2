import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';

/**
 * An order's history rows of these statuses that carry a shipment event ("city|description"),
 * oldest first, with their date and time in Asia/Jakarta.
 */
export async function shipmentEvents(db: Db | Tx, orderId: number, statuses: string[]) {
  return selectRows<{ status: string; keterangan: string; d: string; t: string }>(
    db,
    sql`
    select status, keterangan,
      to_char(tanggal at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as d,
      to_char(tanggal at time zone 'Asia/Jakarta', 'HH24:MI:SS') as t
    from order_histories
    where order_id = ${orderId} and keterangan like '%|%'
      and status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})
    order by tanggal, id`,
  );
}
