import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { packingListPdf, shippingLabelPdf, type PrintOrder } from '../../integrations/pdf/packing';
import { getSetting } from '../settings';
import { WAREHOUSE_STATUSES, isWarehouseWork } from '../../domain/order-status';

export const PRINT_KINDS = ['packing', 'label'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** The orders to print, in the order given; unknown numbers are refused so nothing is printed by mistake. */
async function loadOrders(numbers: string[]): Promise<PrintOrder[]> {
  const db = await getDb();
  const rows = await selectRows<Omit<PrintOrder, 'lines'> & { id: number; refunded: boolean }>(db, sql`
    select o.id::int as id, o.refunded_at is not null as refunded, o.no_order, o.no_invoice, o.status_order, o.pickup_store, o.nama_kirim, o.phone_kirim, o.alamat_kirim,
      o.kode_pos_kirim, o.ekspedisi, o.no_resi, o.total_berat, m.id_member, m.nama as member_nama,
      w.nama as gudang_nama, w.lokasi as gudang_lokasi,
      concat_ws(', ', v.name, d.name, r.name, pr.name) as wilayah
    from orders o join members m on m.id = o.member_id left join warehouses w on w.id = o.gudang_id
      left join villages v on v.code = o.kelurahan_kirim_id left join districts d on d.code = v.district_code
      left join regencies r on r.code = d.regency_code left join provinces pr on pr.code = r.province_code
    where o.no_order in (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})`);
  const missing = numbers.filter((n) => !rows.some((row) => row.no_order === n));
  if (missing.length) throw new AppError('NOT_FOUND', `Order ${missing.join(', ')} tidak ditemukan`);
  const unprintable = rows.filter((row) => !isWarehouseWork({ status: row.status_order, refunded: row.refunded }));
  if (unprintable.length) {
    throw new AppError('CONFLICT', `Order ${unprintable.map((row) => `${row.no_order} (${row.refunded ? 'refund' : row.status_order})`).join(', ')} tidak perlu dicetak; hanya order berstatus ${WAREHOUSE_STATUSES.join('/')} yang belum di-refund`);
  }
  const lines = await selectRows<{ order_id: number; kode: string; nama: string; qty: number }>(db, sql`
    select d.order_id::int as order_id, p.kode, p.nama, d.qty from order_details d join products p on p.id = d.product_id
    where d.order_id in (${sql.join(rows.map((row) => sql`${row.id}`), sql`, `)}) order by d.order_id, d.id`);
  return numbers.map((n) => rows.find((row) => row.no_order === n)!).map(({ id, refunded: _r, ...row }) => ({
    ...row, lines: lines.filter((line) => line.order_id === id).map(({ order_id: _, ...line }) => line),
  }));
}

/** A printable packing list or shipping label (one page each) for the selected orders, as PDF. */
export async function printOrders(kind: string, numbers: string[]): Promise<{ pdf: Uint8Array; filename: string }> {
  if (!(PRINT_KINDS as readonly string[]).includes(kind)) throw new AppError('BAD_INPUT', 'Jenis cetakan tidak dikenal');
  const unique = [...new Set(numbers.map((n) => n.trim()).filter(Boolean))].slice(0, 200);
  if (unique.length === 0) throw new AppError('BAD_INPUT', 'Pilih minimal satu order untuk dicetak');
  const orders = await loadOrders(unique);
  const company = await getSetting('company_name');
  const pdf = kind === 'packing' ? await packingListPdf(orders, company) : await shippingLabelPdf(orders, company);
  return { pdf, filename: `${kind === 'packing' ? 'daftar-kemas' : 'label-kirim'}-${unique.length === 1 ? unique[0] : `${unique.length}-order`}.pdf` };
}
