import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import { type Db, preparedOnce } from '../client';
import { toCount, toRupiah } from '../money';
import { orderDetails, orders, products } from '../schema';

// The stockist report's reads are prepared statements, built once per database handle (its every
// view, issue #24): the member and the month's first day are the placeholders memberId and start.
const p = sql.placeholder;

/** A stockist's invoiced orders whose invoice falls in [start, next month) of Asia/Jakarta. */
const invoicedInMonth = and(
  eq(orders.memberId, p('memberId')),
  inArray(orders.statusOrder, [...INVOICED_STATUSES]),
  gte(orders.tglInvoice, sql`(${p('start')}::date)::timestamp at time zone 'Asia/Jakarta'`),
  lt(orders.tglInvoice, sql`(${p('start')}::date + interval '1 month')::timestamp at time zone 'Asia/Jakarta'`),
);

export async function stokisMonthSummary(db: Db, memberId: number, start: string) {
  const [row] = await preparedOnce(db, 'stokis_month_summary', () =>
    db
      .select({ totalOrder: count(), totalBv: sum(orders.totalBv), totalHarga: sum(orders.totalHarga) })
      .from(orders)
      .where(invoicedInMonth)
      .prepare('stokis_month_summary'),
  ).execute({ memberId, start });
  return { totalOrder: toCount(row?.totalOrder), totalBv: toCount(row?.totalBv), totalHarga: toRupiah(row?.totalHarga) };
}

export async function stokisMonthInvoices(db: Db, memberId: number, start: string, page: { limit: number; offset: number }) {
  const rows = await preparedOnce(db, 'stokis_month_invoices', () =>
    db
      .select({
        publicId: orders.publicId,
        noInvoice: orders.noInvoice,
        totalHarga: orders.totalHarga,
        tglInvoice: sql<string>`${orders.tglInvoice}::text`,
        jenisOrder: orders.jenisOrder,
        totalBv: orders.totalBv,
      })
      .from(orders)
      .where(invoicedInMonth)
      .orderBy(desc(orders.tglInvoice), desc(orders.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('stokis_month_invoices'),
  ).execute({ memberId, start, ...page });
  return rows.map((r) => ({ ...r, totalHarga: toRupiah(r.totalHarga) }));
}

/** The lines of the given orders, only where the orders are the member's own. */
export async function stokisInvoiceLines(db: Db, memberId: number, publicIds: string[]) {
  if (publicIds.length === 0) return [];
  const rows = await preparedOnce(db, 'stokis_invoice_lines', () =>
    db
      .select({
        publicId: orders.publicId,
        nama: products.nama,
        deskripsi: products.deskripsi,
        qty: orderDetails.qty,
        harga: orderDetails.harga,
      })
      .from(orderDetails)
      .innerJoin(orders, eq(orders.id, orderDetails.orderId))
      .innerJoin(products, eq(products.id, orderDetails.productId))
      .where(and(sql`${orders.publicId} = any(${p('publicIds')}::uuid[])`, eq(orders.memberId, p('memberId'))))
      .orderBy(asc(orderDetails.id))
      .prepare('stokis_invoice_lines'),
  ).execute({ memberId, publicIds });
  return rows.map((r) => ({ ...r, harga: toRupiah(r.harga) }));
}
