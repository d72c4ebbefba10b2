import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { tanggal } from '../../../lib/format';
import { rupiahText } from '../../../lib/money-format';
import type { TaxRow } from '../../services/bonus/tax-slips';

const rp = rupiahText;

/** The withholding slip (BP21) as a one-page A4 PDF with the member's data (INTEGRATIONS.md). */
export async function buktiPotongPdf(row: TaxRow, withholder: { nama: string; npwp: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Bukti Potong PPh 21 ${row.no_bukti} ${row.nama}`);
  pdf.setSubject(`Masa ${row.masa_pajak}/${row.tahun_pajak} · Bruto ${row.jumlah_bruto} · PPh ${row.jumlah_pph}`);
  pdf.setAuthor(withholder.nama);
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const line = (text: string, options: { size?: number; strong?: boolean } = {}) => {
    page.drawText(text, { x: 50, y, size: options.size ?? 11, font: options.strong ? bold : font, color: rgb(0, 0, 0) });
    y -= (options.size ?? 11) + 9;
  };
  line('BUKTI PEMOTONGAN PPh PASAL 21 BUKAN PEGAWAI (BP21)', { size: 14, strong: true });
  line(`Nomor: ${row.no_bukti}    Status: ${row.status}${row.pembetulan ? ` (pembetulan ke-${row.pembetulan})` : ''}`);
  line(`Masa Pajak: ${String(row.masa_pajak).padStart(2, '0')}/${row.tahun_pajak}    Sifat: ${row.sifat}`);
  y -= 8;
  line('A. IDENTITAS PENERIMA PENGHASILAN', { strong: true });
  line(`NPWP: ${row.npwp ?? '-'}`);
  line(`NIK: ${row.nik ?? '-'}`);
  line(`Nama: ${row.nama}`);
  y -= 8;
  line('B. PPh PASAL 21 YANG DIPOTONG', { strong: true });
  line(`Kode Objek Pajak: ${row.kode_pajak} (imbalan distributor pemasaran berjenjang)`);
  line(`Penghasilan Bruto: ${rp(row.jumlah_bruto)}`);
  line(`Dasar Pengenaan Pajak (50%): ${rp(row.jumlah_dpp)}`);
  line(`Tarif: ${row.tarif}%${row.npwp ? '' : ' (termasuk tambahan 20% tanpa NPWP)'}`);
  line(`PPh Dipotong: ${rp(row.jumlah_pph)}`, { strong: true });
  y -= 8;
  line('C. IDENTITAS PEMOTONG', { strong: true });
  line(`NPWP: ${row.pemotong_npwp || withholder.npwp}`);
  line(`Nama: ${row.pemotong_nama || withholder.nama}`);
  line(`Tanggal pemotongan: ${tanggal(row.tanggal_bukti_potong)}`);
  return pdf.save();
}
