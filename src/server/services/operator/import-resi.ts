import { MAX_RESI_FILE_BYTES, MAX_RESI_ROWS, ResiImportFormSchema, ResiImportRowSchema } from '../../../lib/schemas/resi-import';
import { readCsv } from '../../csv';
import { getDb } from '../../db/client';
import { ordersHoldingResi } from '../../db/queries/order-queue';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { operateOrder } from '../order/operate-order';
import { type Actor, assertRole } from './assert-role';
import { recordAudit } from './record-audit';

export interface ResiImportRow {
  /** The line of the file the row is on. */
  baris: number;
  noOrder: string;
  resi: string;
  ok: boolean;
  text: string;
}
export interface ResiImportResult {
  rows: ResiImportRow[];
  applied: number;
  refused: number;
}

const HEADER = /^no[_ ]?order$/i;

/**
 * Waybills for many orders at once (issue #26): a CSV of `no_order,resi`. Every row is checked
 * first (two columns, a valid waybill, no order or waybill twice in the file, no waybill another
 * order already carries); each good row then ships its order through the transition table
 * (operateOrder "ship": the waybill, DELIVERY, the history row and the audit) in its own
 * transaction, so an unknown, refunded or wrongly placed order is reported on its row and never
 * holds back the others. The import itself is audited with its counts. GUDANG (and SUPERADMIN).
 */
export async function importResi(
  by: Actor,
  file: { name: string; bytes: Uint8Array } | undefined,
  form: { kota?: string } = {},
): Promise<ResiImportResult> {
  assertRole(by, ['GUDANG']);
  if (!file || file.bytes.length === 0) throw new AppError('BAD_INPUT', 'Pilih berkas CSV berisi no_order,resi');
  if (file.bytes.length > MAX_RESI_FILE_BYTES) throw new AppError('BAD_INPUT', `Berkas CSV paling besar ${MAX_RESI_FILE_BYTES / 1000} KB`);
  const text = new TextDecoder().decode(file.bytes);
  if (text.includes('\u0000')) throw new AppError('BAD_INPUT', 'Berkas bukan CSV');
  const { kota } = parseWith(ResiImportFormSchema, form);
  const records = readCsv(text);
  if (records.length > 0 && HEADER.test(records[0]!.cells[0] ?? '')) records.shift();
  if (records.length === 0) throw new AppError('BAD_INPUT', 'Berkas CSV tidak berisi baris order');
  if (records.length > MAX_RESI_ROWS) throw new AppError('BAD_INPUT', `Paling banyak ${MAX_RESI_ROWS} baris sekaligus`);

  const rows: (ResiImportRow & { checked: boolean })[] = [];
  const seenOrder = new Map<string, number>();
  const seenResi = new Map<string, number>();
  for (const { line, cells } of records) {
    const [noOrder = '', resi = '', ...extra] = cells;
    const row = { baris: line, noOrder, resi, ok: false, checked: false, text: '' };
    rows.push(row);
    if (extra.some(Boolean)) {
      row.text = 'Baris harus berisi dua kolom: no_order,resi';
      continue;
    }
    const parsed = ResiImportRowSchema.safeParse({ no_order: noOrder, resi });
    if (!parsed.success) {
      row.text = parsed.error.issues[0]!.message;
      continue;
    }
    const orderAt = seenOrder.get(noOrder);
    const resiAt = seenResi.get(resi.toUpperCase());
    if (orderAt !== undefined) row.text = `Order ${noOrder} sudah ada di baris ${orderAt}; baris ini dilewati`;
    else if (resiAt !== undefined) row.text = `Resi ${resi} sudah dipakai di baris ${resiAt}; baris ini dilewati`;
    else row.checked = true;
    if (orderAt === undefined) seenOrder.set(noOrder, line);
    if (resiAt === undefined) seenResi.set(resi.toUpperCase(), line);
  }

  const db = await getDb();
  const held = await ordersHoldingResi(
    db,
    rows.filter((r) => r.checked).map((r) => r.resi),
  );
  for (const row of rows.filter((r) => r.checked)) {
    const other = held.find((h) => h.noResi === row.resi && h.noOrder !== row.noOrder);
    if (other) {
      row.text = `Resi ${row.resi} sudah dipakai order ${other.noOrder}`;
      continue;
    }
    try {
      row.text = await operateOrder('ship', row.noOrder, { resi: row.resi, kota, by });
      row.ok = true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      row.text = error.message;
    }
  }
  const result = {
    rows: rows.map(({ checked: _, ...row }) => row),
    applied: rows.filter((r) => r.ok).length,
    refused: rows.filter((r) => !r.ok).length,
  };
  await recordAudit(db, by, 'order:impor-resi', `berkas:${file.name.slice(0, 100)}`, null, {
    baris: rows.length,
    diterapkan: result.applied,
    ditolak: result.refused,
    order: rows.filter((r) => r.ok).map((r) => r.noOrder),
  });
  return result;
}
