import fs from 'node:fs';
import { issueTaxSlips } from '../services/tax/issue-tax-slips';
import { exportTaxMonth } from '../services/tax/export-tax-month';
import { verifyTaxNumber } from '../services/tax/npwp-status';
import { rupiahText } from '../../lib/money-format';

export const PAJAK_USAGE = 'pajak:terbitkan <tahun> <masa>, pajak:ekspor <tahun> <masa> [--out file.csv], pajak:verifikasi <id_member> NPWP|NIK --admin "…"';

/** `npm run ops -- pajak:…`: BP21 slips of a closed month, the withholder's monthly export, NPWP/NIK verification. */
export async function pajakCommand(action: string, args: string[]): Promise<string> {
  if (action === 'terbitkan') {
    const n = await issueTaxSlips(Number(args[0]), Number(args[1]));
    return `${n} bukti potong diterbitkan untuk masa ${args[1]}/${args[0]}`;
  }
  if (action === 'ekspor') {
    const result = await exportTaxMonth(Number(args[0]), Number(args[1]));
    const out = args[2] === '--out' ? args[3] : undefined;
    if (args[2] !== undefined && !out) throw new Error('Gunakan --out file.csv');
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
