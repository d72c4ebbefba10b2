import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { INVOICED_STATUSES } from '../../../lib/order-status';
import type { StokisReportQuery } from '../../../lib/schemas/stokis';
import type { SessionMember } from '../auth/session-member';

export const STOKIS_ONLY = 'Laporan stokis hanya untuk member stokis';

interface InvoiceRow {
  public_id: string;
  no_invoice: string;
  total_harga: number;
  tgl_invoice: string;
  jenis_order: string;
  total_bv: number;
}

/**
 * The stockist's invoices of one month (Asia/Jakarta), paged, each with its items, plus the
 * month's summary row (spec/001 §3, Stockist report row).
 */
export async function getStokisReport(member: SessionMember, query: StokisReportQuery) {
  if (!member.stokis) throw new AppError('FORBIDDEN', STOKIS_ONLY);
  const start = `${query.year}-${String(query.month).padStart(2, '0')}-01`;
  const db = await getDb();
  const statuses = sql.join(INVOICED_STATUSES.map((s) => sql`${s}`), sql`, `);
  const inMonth = sql`o.member_id = ${member.id} and o.status_order in (${statuses})
    and o.tgl_invoice >= (${start}::date)::timestamp at time zone 'Asia/Jakarta'
    and o.tgl_invoice < ((${start}::date + interval '1 month'))::timestamp at time zone 'Asia/Jakarta'`;
  const [summary] = await selectRows<{ total_order: number; total_bv: number; total_harga: string }>(db, sql`
    select count(*)::int as total_order, coalesce(sum(o.total_bv), 0)::int as total_bv,
      coalesce(sum(o.total_harga), 0)::text as total_harga
    from orders o where ${inMonth}`);
  const invoices = await selectRows<InvoiceRow>(db, sql`
    select o.public_id::text as public_id, o.no_invoice, o.total_harga::text as total_harga,
      o.tgl_invoice::text as tgl_invoice, o.jenis_order, o.total_bv
    from orders o where ${inMonth}
    order by o.tgl_invoice desc, o.id desc
    limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`);
  const ids = invoices.map((i) => i.public_id);
  const details = ids.length === 0 ? [] : await selectRows<{ public_id: string; nama: string; deskripsi: string; qty: number; harga: string }>(db, sql`
    select o.public_id::text as public_id, p.nama, p.deskripsi, d.qty, d.harga::text as harga
    from order_details d join orders o on o.id = d.order_id join products p on p.id = d.product_id
    where o.public_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and o.member_id = ${member.id}
    order by d.id`);
  const end = new Date(Date.UTC(query.year, query.month, 0)).toISOString().slice(0, 10);
  return {
    id_member: member.idMember,
    nama: member.nama,
    periode: { start, end },
    total_order: summary?.total_order ?? 0,
    total_bv: summary?.total_bv ?? 0,
    total_harga: Number(summary?.total_harga ?? 0),
    total_count: summary?.total_order ?? 0,
    page: query.page,
    page_size: query.page_size,
    rows: invoices.map((invoice) => ({
      public_id: invoice.public_id,
      no_invoice: invoice.no_invoice,
      total_harga: Number(invoice.total_harga),
      tgl_invoice: invoice.tgl_invoice,
      jenis_paket: invoice.jenis_order,
      total_bv: invoice.total_bv,
      order_details: details.filter((d) => d.public_id === invoice.public_id)
        .map((d) => ({ barang: { nama: d.nama, deskripsi: d.deskripsi }, qty: d.qty, harga: Number(d.harga) })),
    })),
  };
}
