import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export interface PrintOrder {
  no_order: string;
  no_invoice: string | null;
  status_order: string;
  /** Refunded in full: printed with the REFUND mark, never packed or shipped. */
  refunded: boolean;
  pickup_store: boolean;
  nama_kirim: string | null;
  phone_kirim: string | null;
  alamat_kirim: string | null;
  kode_pos_kirim: string | null;
  wilayah: string | null;
  ekspedisi: string | null;
  no_resi: string | null;
  total_berat: number;
  id_member: string;
  member_nama: string;
  gudang_nama: string | null;
  gudang_lokasi: string | null;
  lines: { kode: string; nama: string; qty: number }[];
}

/** The standard fonts speak WinAnsi only: anything else (emoji, other scripts) prints as '?'. */
const safe = (text: string | null | undefined): string => (text ?? '').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
/** The mark on every page of a refunded order (packing list, PDF label, label page). */
export const REFUND_MARK = 'REFUND - JANGAN DIKEMAS / DIKIRIM';
const courier = (ekspedisi: string | null) => (ekspedisi ?? '').split('|').filter(Boolean).join(' ').toUpperCase() || '-';

/** A page writer with a cursor, word-wrapping to the page's width. */
function writer(page: PDFPage, font: PDFFont, bold: PDFFont, margin: number) {
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  return {
    text(value: string, options: { size?: number; strong?: boolean; gap?: number } = {}) {
      const size = options.size ?? 10;
      const face = options.strong ? bold : font;
      let line = '';
      const flush = () => {
        page.drawText(line, { x: margin, y: y - size, size, font: face, color: rgb(0, 0, 0) });
        y -= size + 4;
        line = '';
      };
      for (const word of safe(value).split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (line && face.widthOfTextAtSize(next, size) > width) {
          flush();
          line = word;
        } else line = next;
      }
      flush();
      y -= options.gap ?? 0;
    },
    row(cells: [string, number][], options: { strong?: boolean; size?: number } = {}) {
      const size = options.size ?? 10;
      for (const [value, x] of cells) page.drawText(safe(value), { x: margin + x, y: y - size, size, font: options.strong ? bold : font });
      y -= size + 6;
    },
    rule() {
      page.drawLine({ start: { x: margin, y: y - 2 }, end: { x: margin + width, y: y - 2 }, thickness: 0.8, color: rgb(0, 0, 0) });
      y -= 8;
    },
  };
}

async function start(title: string, orders: PrintOrder[]) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  // The refunded orders of the batch are named in the document's subject too, beside the mark on their pages.
  const refunded = orders.filter((o) => o.refunded).map((o) => o.no_order);
  if (refunded.length) pdf.setSubject(`REFUND: ${refunded.join(', ')}`);
  return { pdf, font: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
}

/** Packing lists: one A4 page per order with its lines, for the warehouse to pick and check. */
export async function packingListPdf(orders: PrintOrder[], company: string): Promise<Uint8Array> {
  const { pdf, font, bold } = await start(`Daftar Kemas ${orders.map((o) => o.no_order).join(', ')}`, orders);
  for (const order of orders) {
    const w = writer(pdf.addPage([595.28, 841.89]), font, bold, 50);
    w.text(company, { size: 9 });
    if (order.refunded) w.text(REFUND_MARK, { size: 16, strong: true, gap: 6 });
    w.text('DAFTAR KEMAS', { size: 16, strong: true, gap: 6 });
    w.text(`No Order: ${order.no_order}    Invoice: ${order.no_invoice ?? '-'}    Status: ${order.status_order}`);
    w.text(`Member: ${order.id_member} - ${order.member_nama}`);
    w.text(`Gudang: ${order.gudang_nama ?? '-'}`);
    w.text(
      order.pickup_store
        ? 'Pengiriman: AMBIL DI GUDANG'
        : `Pengiriman: ${courier(order.ekspedisi)}${order.no_resi ? `  Resi: ${order.no_resi}` : ''}`,
    );
    w.text(`Penerima: ${order.nama_kirim ?? '-'} (${order.phone_kirim ?? '-'})`);
    if (!order.pickup_store) w.text(`Alamat: ${[order.alamat_kirim, order.wilayah, order.kode_pos_kirim].filter(Boolean).join(', ')}`);
    w.text('', { gap: 4 });
    w.row(
      [
        ['Kode', 0],
        ['Nama Barang', 90],
        ['Qty', 400],
        ['Cek', 450],
      ],
      { strong: true },
    );
    w.rule();
    for (const line of order.lines)
      w.row([
        [line.kode, 0],
        [line.nama.slice(0, 60), 90],
        [String(line.qty), 400],
        ['[  ]', 450],
      ]);
    w.rule();
    w.row(
      [
        ['Jumlah barang', 0],
        [String(order.lines.reduce((n, line) => n + line.qty, 0)), 400],
      ],
      { strong: true },
    );
    w.text(`Berat total: ${new Intl.NumberFormat('id-ID').format(order.total_berat)} gram`, { gap: 24 });
    w.text('Dikemas oleh: ______________________      Diperiksa oleh: ______________________');
  }
  return pdf.save();
}

/** Shipping labels: one A6 page per order, recipient large, sender, courier and waybill. */
export async function shippingLabelPdf(orders: PrintOrder[], company: string): Promise<Uint8Array> {
  const { pdf, font, bold } = await start(`Label Kirim ${orders.map((o) => o.no_order).join(', ')}`, orders);
  for (const order of orders) {
    const w = writer(pdf.addPage([297.64, 419.53]), font, bold, 20);
    if (order.refunded) w.text(REFUND_MARK, { size: 12, strong: true, gap: 4 });
    w.text(order.pickup_store ? 'AMBIL DI GUDANG' : courier(order.ekspedisi), { size: 16, strong: true });
    w.text(`Resi: ${order.no_resi ?? '-'}`, { size: 12, strong: true });
    w.text(`No Order: ${order.no_order}`, { size: 9 });
    w.rule();
    w.text('KEPADA', { size: 8 });
    w.text(order.nama_kirim ?? order.member_nama, { size: 14, strong: true });
    w.text(order.phone_kirim ?? '-', { size: 11 });
    w.text([order.alamat_kirim, order.wilayah, order.kode_pos_kirim].filter(Boolean).join(', ') || '-', { size: 11, gap: 6 });
    w.rule();
    w.text('DARI', { size: 8 });
    w.text(company, { size: 10, strong: true });
    w.text([order.gudang_nama, order.gudang_lokasi].filter(Boolean).join(', ') || '-', { size: 9, gap: 6 });
    w.rule();
    w.text(`Isi: ${order.lines.map((line) => `${line.kode} x${line.qty}`).join(', ')}`, { size: 8 });
    w.text(`Berat: ${new Intl.NumberFormat('id-ID').format(order.total_berat)} gram`, { size: 8 });
  }
  return pdf.save();
}
