import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import type { Db } from '../client';
import { toCount, toRupiah } from '../money';
import { orderDetails, orders, products } from '../schema';

/** A stockist's invoiced orders whose invoice falls in [start, next month) of Asia/Jakarta. */
function invoicedInMonth(memberId: number, start: string) {
  return and(
    eq(orders.memberId, memberId),
    inArray(orders.statusOrder, [...INVOICED_STATUSES]),
    gte(orders.tglInvoice, sql`(${start}::date)::timestamp at time zone 'Asia/Jakarta'`),
    lt(orders.tglInvoice, sql`(${start}::date + interval '1 month')::timestamp at time zone 'Asia/Jakarta'`),
  );
}

export async function stokisMonthSummary(db: Db, memberId: number, start: string) {
  const [row] = await db
    .select({ totalOrder: count(), totalBv: sum(orders.totalBv), totalHarga: sum(orders.totalHarga) })
    .from(orders)
    .where(invoicedInMonth(memberId, start));
  return { totalOrder: toCount(row?.totalOrder), totalBv: toCount(row?.totalBv), totalHarga: toRupiah(row?.totalHarga) };
}

export async function stokisMonthInvoices(db: Db, memberId: number, start: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      publicId: orders.publicId,
      noInvoice: orders.noInvoice,
      totalHarga: orders.totalHarga,
      tglInvoice: sql<string>`${orders.tglInvoice}::text`,
      jenisOrder: orders.jenisOrder,
      totalBv: orders.totalBv,
    })
    .from(orders)
    .where(invoicedInMonth(memberId, start))
    .orderBy(desc(orders.tglInvoice), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r, totalHarga: toRupiah(r.totalHarga) }));
}

/** The lines of the given orders, only where the orders are the member's own. */
export async function stokisInvoiceLines(db: Db, memberId: number, publicIds: string[]) {
  if (publicIds.length === 0) return [];
  const rows = await db
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
    .where(and(inArray(orders.publicId, publicIds), eq(orders.memberId, memberId)))
    .orderBy(asc(orderDetails.id));
  return rows.map((r) => ({ ...r, harga: toRupiah(r.harga) }));
}
