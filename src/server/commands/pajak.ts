import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { rupiahText } from '../../lib/money-format';
import type { Actor } from '../services/operator/assert-role';
import { type CoretaxExport, exportCoretaxXml } from '../services/tax/export-coretax-xml';
import { exportTaxMonth } from '../services/tax/export-tax-month';
import { issueTaxSlips } from '../services/tax/issue-tax-slips';
import { verifyTaxNumber } from '../services/tax/npwp-status';
import { exportTaxMonthAudited } from '../services/tax/tax-month-console';

export const PAJAK_USAGE =
  'pajak:terbitkan <tahun> <masa>, pajak:ekspor <tahun> <masa> [--format csv|xml] [--out file], pajak:verifikasi <id_member> NPWP|NIK --admin "…"';

/** `npm run ops -- pajak:…`: BP21 slips of a closed month, the withholder's monthly export, NPWP/NIK verification. */
export async function pajakCommand(action: string, args: string[]): Promise<string> {
  if (action === 'terbitkan') {
    const n = await issueTaxSlips(Number(args[0]), Number(args[1]));
    return `${n} bukti potong diterbitkan untuk masa ${args[1]}/${args[0]}`;
  }
  if (action === 'ekspor') {
    const { tahun, masa, format, out } = eksporArgs(args);
    const { file, summary } = await exportFile(tahun, masa, format);
    return writeExport(file, summary, format, out);
  }
  if (action === 'verifikasi') {
    const [idMember, jenis, flag, admin] = args;
    if (!idMember || (jenis !== 'NPWP' && jenis !== 'NIK') || flag !== '--admin' || !admin) throw new Error(`Penggunaan: ${PAJAK_USAGE}`);
    const r = await verifyTaxNumber(idMember, { jenis, admin });
    return `${jenis} ${r.nomor} milik ${idMember} terverifikasi, berlaku mulai ${r.berlaku_sejak}`;
  }
  throw new Error(`Perintah pajak:${action} tidak dikenal. Tersedia: ${PAJAK_USAGE}`);
}

/** `<tahun> <masa> [--format csv|xml] [--out file]`; CSV is the default format. */
export function eksporArgs(args: string[]): { tahun: number; masa: number; format: 'csv' | 'xml'; out?: string } {
  const parsed = (() => {
    try {
      return parseArgs({ args, allowPositionals: true, options: { format: { type: 'string', default: 'csv' }, out: { type: 'string' } } });
    } catch {
      throw new Error(`Penggunaan: ${PAJAK_USAGE}`);
    }
  })();
  const { values, positionals } = parsed;
  if (positionals.length !== 2 || (values.format !== 'csv' && values.format !== 'xml') || values.out === '')
    throw new Error(`Penggunaan: ${PAJAK_USAGE}`);
  return { tahun: Number(positionals[0]), masa: Number(positionals[1]), format: values.format, out: values.out };
}

/** What the CLI prints after the Coretax file: counts, totals, and what the operator must do by hand. */
export function coretaxSummary(result: CoretaxExport): string {
  const lines = [
    `${result.jumlah_bukti} bukti potong masa ${result.masa}/${result.tahun} untuk Coretax; bruto ${rupiahText(result.total_bruto)}, PPh 21 ${rupiahText(result.total_pph)}`,
  ];
  for (const p of result.pembetulan)
    lines.push(
      `Pembetulan ${p.nomor} (${p.id_member}) mengganti ${p.mengganti_nomor ?? '—'}: bila bukti itu sudah diunggah, betulkan di Coretax`,
    );
  for (const p of result.pembatalan)
    lines.push(
      `Pembetulan ${p.nomor} (${p.id_member}) membuat bruto 0 dan tidak masuk file: batalkan ${p.mengganti_nomor ?? '—'} di Coretax bila sudah diunggah`,
    );
  for (const d of result.selisih)
    lines.push(`Perhatian: ${d.nomor} (${d.id_member}) PPh tersimpan ${rupiahText(d.pph)}, hitungan Coretax ${rupiahText(d.pph_coretax)}`);
  return lines.join('\n');
}

/**
 * A month's withholder file, CSV or Coretax XML, with the lines the CLI prints: run here by the
 * CLI, or by the server for the CLI beside it (GET /admin/api/pajak-ekspor, `by` its operator, audited).
 */
export async function exportFile(
  tahun: number,
  masa: number,
  format: 'csv' | 'xml',
  by?: Actor,
): Promise<{ file: string; summary: string }> {
  if (format === 'xml') {
    const result = await exportCoretaxXml(tahun, masa, by);
    return { file: result.xml, summary: coretaxSummary(result) };
  }
  const result = by ? await exportTaxMonthAudited(tahun, masa, by) : await exportTaxMonth(tahun, masa);
  return {
    file: result.csv,
    summary: `${result.jumlah_bukti} bukti potong masa ${result.masa}/${result.tahun}; total PPh 21 disetor ${rupiahText(result.total_setor)}`,
  };
}

/**
 * Writes an export where the operator asked: the file `out`, or stdout alone (a redirect makes the
 * upload file) with the summary on stderr. Returns what the CLI prints after it.
 */
export function writeExport(file: string, summary: string, format: 'csv' | 'xml', out: string | undefined): string {
  if (out) {
    fs.writeFileSync(out, file);
    return `${summary}\n${format.toUpperCase()}: ${out}`;
  }
  process.stdout.write(file);
  process.stderr.write(`${summary}\n`);
  return '';
}
