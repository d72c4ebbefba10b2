import { toCsv } from '../../csv';
import { getDb } from '../../db/client';
import { taxMonthExportRows } from '../../db/queries/tax';
import { AppError } from '../../errors';
import { TAX_SLIP_MESSAGES } from './issue-tax-slips';

export interface TaxMonthExport {
  tahun: number;
  masa: number;
  /** Every BP21 of the month (Normal and Pembetulan), one CSV line each with every field of the slip. */
  csv: string;
  jumlah_bukti: number;
  /** The tax to deposit for the month: the withholding of each member's latest slip. */
  total_setor: number;
}

const COLUMNS = [
  'nomor',
  'status',
  'pembetulan_ke',
  'mengganti_nomor',
  'masa_pajak',
  'tahun_pajak',
  'sifat',
  'npwp',
  'nik',
  'nama',
  'kode_objek_pajak',
  'bruto',
  'dpp',
  'tarif',
  'pph',
  'tanggal_potong',
  'pemotong_npwp',
  'pemotong_nama',
] as const;

/**
 * The withholder's side (INTEGRATIONS.md): per tax month, every BP21 as CSV and the month's total
 * to deposit, for the company's monthly return. Reads stored slips only.
 */
export async function exportTaxMonth(tahun: number, masa: number): Promise<TaxMonthExport> {
  if (!Number.isInteger(tahun) || tahun < 2000 || tahun > 9999 || !Number.isInteger(masa) || masa < 1 || masa > 12) {
    throw new AppError('BAD_INPUT', TAX_SLIP_MESSAGES.badMonth);
  }
  const rows = await taxMonthExportRows(await getDb(), tahun, masa);
  const csv = toCsv(
    COLUMNS,
    rows.map((r) => COLUMNS.map((c) => r[c])),
  );
  const total = rows.filter((r) => r.is_latest).reduce((s, r) => s + r.pph, 0);
  return { tahun, masa, csv, jumlah_bukti: rows.length, total_setor: total };
}
