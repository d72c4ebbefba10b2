import { addMonths, jakartaMonth, monthKey } from '../../../lib/calendar';
import { getDb, inTransaction } from '../../db/client';
import { taxMonthConsoleRows, taxSlipByNomor } from '../../db/queries/tax';
import { AppError } from '../../errors';
import { buktiPotongDownload } from '../bonus/bukti-potong-download';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { exportTaxMonth, type TaxMonthExport } from './export-tax-month';

/** The tax month the console opens on: the last finished month (Asia/Jakarta). */
export function lastFinishedMonth(now = new Date()): { tahun: number; masa: number } {
  const [tahun, masa] = addMonths(jakartaMonth(now), -1).split('-').map(Number) as [number, number];
  return { tahun, masa };
}

/** The month's BP21 slips for the finance operator, with the total PPh 21 to deposit (the export's figure). */
export async function taxMonthSlips(tahun: number, masa: number) {
  const totals = await exportTaxMonth(tahun, masa);
  const rows = await taxMonthConsoleRows(await getDb(), tahun, masa);
  return {
    jumlah_bukti: totals.jumlah_bukti,
    total_setor: totals.total_setor,
    rows: rows.map((r) => ({
      nomor: r.nomor,
      status: r.status,
      pembetulan_ke: r.pembetulanKe,
      id_member: r.idMember,
      nama: r.nama,
      npwp: r.npwp,
      bruto: r.bruto,
      pph: r.pph,
      tanggal_potong: r.tanggalPotong,
    })),
  };
}

/** The withholder's CSV of the month, downloaded from the console; the download is audited. */
export async function exportTaxMonthAudited(tahun: number, masa: number, by: Actor): Promise<TaxMonthExport> {
  assertRole(by, ['KEUANGAN']);
  const result = await exportTaxMonth(tahun, masa);
  await inTransaction((tx) =>
    recordAudit(tx, by, 'pajak:ekspor', `masa:${monthKey(tahun, masa)}`, null, {
      jumlah_bukti: result.jumlah_bukti,
      total_setor: result.total_setor,
    }),
  );
  return result;
}

/** One slip as the member downloads it (the same PDF), found by its number. */
export async function taxSlipPdfByNomor(nomor: string): Promise<Response> {
  const slip = /^BP21-\d{4}-\d{7}$/.test(nomor) ? await taxSlipByNomor(await getDb(), nomor) : undefined;
  if (!slip) throw new AppError('NOT_FOUND', 'Bukti potong tidak ditemukan');
  const id = `${monthKey(slip.tahun, slip.masa)}${slip.pembetulanKe ? `-${slip.pembetulanKe}` : ''}`;
  return buktiPotongDownload({ id: slip.memberId }, id);
}
