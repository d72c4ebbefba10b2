import { getDb } from '../../db/client';
import { printableLines, printableOrders } from '../../db/queries/orders';
import { isWarehouseWork, WAREHOUSE_STATUSES } from '../../domain/order-status';
import { AppError } from '../../errors';
import { type PrintOrder, packingListPdf, shippingLabelPdf } from '../../integrations/pdf/packing';
import { getSetting } from '../settings';
import { type Actor, assertRole } from './assert-role';

export const PRINT_KINDS = ['packing', 'label'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** At most this many orders in one print. */
export const MAX_PRINT = 200;

/**
 * The orders to print, in the order given; unknown numbers are refused so nothing is printed by
 * mistake. An order refunded in full is printed with its REFUND mark (the packer sees it on the
 * page of a batch), never dropped silently; the transition table refuses to pack or ship it.
 */
export async function loadPrintOrders(numbers: string[]): Promise<PrintOrder[]> {
  const db = await getDb();
  const rows = await printableOrders(db, numbers);
  const missing = numbers.filter((n) => !rows.some((row) => row.no_order === n));
  if (missing.length) throw new AppError('NOT_FOUND', `Order ${missing.join(', ')} tidak ditemukan`);
  const unprintable = rows.filter((row) => !WAREHOUSE_STATUSES.includes(row.status_order as (typeof WAREHOUSE_STATUSES)[number]));
  if (unprintable.length) {
    throw new AppError(
      'CONFLICT',
      `Order ${unprintable.map((row) => `${row.no_order} (${row.status_order})`).join(', ')} tidak perlu dicetak; hanya order berstatus ${WAREHOUSE_STATUSES.join('/')}`,
    );
  }
  const lines = await printableLines(
    db,
    rows.map((row) => row.id),
  );
  return numbers
    .map((n) => rows.find((row) => row.no_order === n)!)
    .map(({ id, ...row }) => ({
      ...row,
      lines: lines.filter((line) => line.order_id === id).map(({ order_id: _, ...line }) => line),
    }));
}

/** The selected numbers, each once, at most MAX_PRINT; none is refused. */
export function printSelection(numbers: string[]): string[] {
  const unique = [...new Set(numbers.map((n) => n.trim()).filter(Boolean))].slice(0, MAX_PRINT);
  if (unique.length === 0) throw new AppError('BAD_INPUT', 'Pilih minimal satu order untuk dicetak');
  return unique;
}

/** A printable packing list or shipping label (one page each) for the selected orders, as PDF. GUDANG (and SUPERADMIN). */
export async function printOrders(by: Actor, kind: string, numbers: string[]): Promise<{ pdf: Uint8Array; filename: string }> {
  assertRole(by, ['GUDANG']);
  if (!(PRINT_KINDS as readonly string[]).includes(kind)) throw new AppError('BAD_INPUT', 'Jenis cetakan tidak dikenal');
  const unique = printSelection(numbers);
  const orders = await loadPrintOrders(unique);
  const company = await getSetting('company_name');
  const pdf = kind === 'packing' ? await packingListPdf(orders, company) : await shippingLabelPdf(orders, company);
  return {
    pdf,
    filename: `${kind === 'packing' ? 'daftar-kemas' : 'label-kirim'}-${unique.length === 1 ? unique[0] : `${unique.length}-order`}.pdf`,
  };
}
