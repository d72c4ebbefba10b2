import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { issueTaxSlips } from '../services/tax/issue-tax-slips';
import { exportTaxMonth } from '../services/tax/export-tax-month';
import { exportCoretaxXml, type CoretaxExport } from '../services/tax/export-coretax-xml';
import { verifyTaxNumber } from '../services/tax/npwp-status';
import { rupiahText } from '../../lib/money-format';

export const PAJAK_USAGE = 'pajak:terbitkan <tahun> <masa>, pajak:ekspor <tahun> <masa> [--format csv|xml] [--out file], pajak:verifikasi <id_member> NPWP|NIK --admin "…"';

/** `npm run ops -- pajak:…`: BP21 slips of a closed month, the withholder's monthly export, NPWP/NIK verification. */
export async function pajakCommand(action: string, args: string[]): Promise<string> {
  if (action === 'terbitkan') {
    const n = await issueTaxSlips(Number(args[0]), Number(args[1]));
    return `${n} bukti potong diterbitkan untuk masa ${args[1]}/${args[0]}`;
  }
  if (action === 'ekspor') {
    const { tahun, masa, format, out } = eksporArgs(args);
    if (format === 'xml') {
      const result = await exportCoretaxXml(tahun, masa);
      if (out) {
        fs.writeFileSync(out, result.xml);
        return coretaxSummary(result, out);
      }
      // The file goes to stdout alone (a redirect makes the upload file); the summary to stderr.
      process.stdout.write(result.xml);
      process.stderr.write(`${coretaxSummary(result)}\n`);
      return '';
    }
    const result = await exportTaxMonth(tahun, masa);
    if (out) fs.writeFileSync(out, result.csv);
    else process.stdout.write(result.csv);
    return `${result.jumlah_bukti} bukti potong masa ${result.masa}/${result.tahun}; total PPh 21 disetor ${rupiahText(result.total_setor)}${out ? ` (CSV: ${out})` : ''}`;
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
  if (positionals.length !== 2 || (values.format !== 'csv' && values.format !== 'xml') || values.out === '') throw new Error(`Penggunaan: ${PAJAK_USAGE}`);
  return { tahun: Number(positionals[0]), masa: Number(positionals[1]), format: values.format, out: values.out };
}

/** What the CLI prints after the Coretax file: counts, totals, and what the operator must do by hand. */
export function coretaxSummary(result: CoretaxExport, out?: string): string {
  const lines = [
    `${result.jumlah_bukti} bukti potong masa ${result.masa}/${result.tahun} untuk Coretax; bruto ${rupiahText(result.total_bruto)}, PPh 21 ${rupiahText(result.total_pph)}${out ? ` (XML: ${out})` : ''}`,
  ];
  for (const p of result.pembetulan) lines.push(`Pembetulan ${p.nomor} (${p.id_member}) mengganti ${p.mengganti_nomor ?? '—'}: bila bukti itu sudah diunggah, betulkan di Coretax`);
  for (const d of result.selisih) lines.push(`Perhatian: ${d.nomor} (${d.id_member}) PPh tersimpan ${rupiahText(d.pph)}, hitungan Coretax ${rupiahText(d.pph_coretax)}`);
  return lines.join('\n');
}
