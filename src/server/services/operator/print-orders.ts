import { getDb } from '../../db/client';
import { printableLines, printableOrders } from '../../db/queries/orders';
import { isWarehouseWork, WAREHOUSE_STATUSES } from '../../domain/order-status';
import { AppError } from '../../errors';
import { type PrintOrder, packingListPdf, shippingLabelPdf } from '../../integrations/pdf/packing';
import { getSetting } from '../settings';

export const PRINT_KINDS = ['packing', 'label'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** The orders to print, in the order given; unknown numbers are refused so nothing is printed by mistake. */
async function loadOrders(numbers: string[]): Promise<PrintOrder[]> {
  const db = await getDb();
  const rows = await printableOrders(db, numbers);
  const missing = numbers.filter((n) => !rows.some((row) => row.no_order === n));
  if (missing.length) throw new AppError('NOT_FOUND', `Order ${missing.join(', ')} tidak ditemukan`);
  const unprintable = rows.filter((row) => !isWarehouseWork({ status: row.status_order, refunded: row.refunded }));
  if (unprintable.length) {
    throw new AppError(
      'CONFLICT',
      `Order ${unprintable.map((row) => `${row.no_order} (${row.refunded ? 'refund' : row.status_order})`).join(', ')} tidak perlu dicetak; hanya order berstatus ${WAREHOUSE_STATUSES.join('/')} yang belum di-refund`,
    );
  }
  const lines = await printableLines(
    db,
    rows.map((row) => row.id),
  );
  return numbers
    .map((n) => rows.find((row) => row.no_order === n)!)
    .map(({ id, refunded: _r, ...row }) => ({
      ...row,
      lines: lines.filter((line) => line.order_id === id).map(({ order_id: _, ...line }) => line),
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
  return {
    pdf,
    filename: `${kind === 'packing' ? 'daftar-kemas' : 'label-kirim'}-${unique.length === 1 ? unique[0] : `${unique.length}-order`}.pdf`,
  };
}
