import { sql } from 'drizzle-orm';
import { getDb, inTransaction, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { addMonths, jakartaMonth, monthKey } from '../../../lib/calendar';
import { buktiPotongDownload } from '../bonus/bukti-potong-download';
import { recordAudit } from '../operator/record-audit';
import { assertRole, type Actor } from '../operator/assert-role';
import { exportTaxMonth, type TaxMonthExport } from './export-tax-month';

/** The tax month the console opens on: the last finished month (Asia/Jakarta). */
export function lastFinishedMonth(now = new Date()): { tahun: number; masa: number } {
  const [tahun, masa] = addMonths(jakartaMonth(now), -1).split('-').map(Number) as [number, number];
  return { tahun, masa };
}

/** The month's BP21 slips for the finance operator, with the total PPh 21 to deposit (the export's figure). */
export async function taxMonthSlips(tahun: number, masa: number) {
  const totals = await exportTaxMonth(tahun, masa);
  const rows = await selectRows<{ nomor: string; status: string; pembetulan_ke: number; id_member: string; nama: string; npwp: string | null; bruto: string; pph: string; tanggal_potong: string }>(await getDb(), sql`
    select s.nomor, s.status, s.pembetulan_ke, m.id_member, s.nama, s.npwp, s.bruto::text as bruto, s.pph::text as pph, s.tanggal_potong::text as tanggal_potong
    from bukti_potong s join members m on m.id = s.member_id
    where s.tahun = ${tahun} and s.masa = ${masa} order by s.nomor`);
  return { jumlah_bukti: totals.jumlah_bukti, total_setor: totals.total_setor, rows: rows.map((r) => ({ ...r, bruto: Number(r.bruto), pph: Number(r.pph) })) };
}

/** The withholder's CSV of the month, downloaded from the console; the download is audited. */
export async function exportTaxMonthAudited(tahun: number, masa: number, by: Actor): Promise<TaxMonthExport> {
  assertRole(by, ['KEUANGAN']);
  const result = await exportTaxMonth(tahun, masa);
  await inTransaction((tx) => recordAudit(tx, by, 'pajak:ekspor', `masa:${monthKey(tahun, masa)}`, null, { jumlah_bukti: result.jumlah_bukti, total_setor: result.total_setor }));
  return result;
}

/** One slip as the member downloads it (the same PDF), found by its number. */
export async function taxSlipPdfByNomor(nomor: string): Promise<Response> {
  const [slip] = /^BP21-\d{4}-\d{7}$/.test(nomor) ? await selectRows<{ member_id: number; tahun: number; masa: number; pembetulan_ke: number }>(await getDb(), sql`
    select member_id::int as member_id, tahun, masa, pembetulan_ke from bukti_potong where nomor = ${nomor}`) : [];
  if (!slip) throw new AppError('NOT_FOUND', 'Bukti potong tidak ditemukan');
  const id = `${monthKey(slip.tahun, slip.masa)}${slip.pembetulan_ke ? `-${slip.pembetulan_ke}` : ''}`;
  return buktiPotongDownload({ id: slip.member_id }, id);
}
