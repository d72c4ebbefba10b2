import { monthEnd, monthKey, monthStart } from '../../../lib/calendar';
import type { StokisReportQuery } from '../../../lib/schemas/stokis';
import { getDb } from '../../db/client';
import { stokisInvoiceLines, stokisMonthInvoices, stokisMonthSummary } from '../../db/queries/stokis';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

export const STOKIS_ONLY = 'Laporan stokis hanya untuk member stokis';

/**
 * The stockist's invoices of one month (Asia/Jakarta), paged, each with its items, plus the
 * month's summary row (spec/001 §3, Stockist report row).
 */
export async function getStokisReport(member: SessionMember, query: StokisReportQuery) {
  if (!member.stokis) throw new AppError('FORBIDDEN', STOKIS_ONLY);
  const start = monthStart(monthKey(query.year, query.month));
  const db = await getDb();
  const [summary, invoices] = await Promise.all([
    stokisMonthSummary(db, member.id, start),
    stokisMonthInvoices(db, member.id, start, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
  ]);
  const lines = await stokisInvoiceLines(
    db,
    member.id,
    invoices.map((i) => i.publicId),
  );
  const end = monthEnd(start);
  return {
    id_member: member.idMember,
    nama: member.nama,
    periode: { start, end },
    total_order: summary.totalOrder,
    total_bv: summary.totalBv,
    total_harga: summary.totalHarga,
    total_count: summary.totalOrder,
    page: query.page,
    page_size: query.page_size,
    rows: invoices.map((invoice) => ({
      public_id: invoice.publicId,
      no_invoice: invoice.noInvoice,
      total_harga: invoice.totalHarga,
      tgl_invoice: invoice.tglInvoice,
      jenis_paket: invoice.jenisOrder,
      total_bv: invoice.totalBv,
      order_details: lines
        .filter((d) => d.publicId === invoice.publicId)
        .map((d) => ({ barang: { nama: d.nama, deskripsi: d.deskripsi }, qty: d.qty, harga: d.harga })),
    })),
  };
}
