/**
 * What a refund takes back (COMP_PLAN.md, Refunds — decided): a registration or upgrade package
 * is one unit, refunded whole and its BV leaves entirely; a repeat order is refunded by line, and
 * exactly those lines' BV (and price) leave. No refund is sized by an arbitrary amount, so no BV
 * is ever rounded down to nothing. Pure: the services read the order and write the result.
 */

export const REFUND_RULE_MESSAGES = {
  packageWhole: 'Paket registrasi dan upgrade dikembalikan utuh: refund sebagian atau per nominal tidak bisa',
  repeatByLine: 'Repeat order dikembalikan per barang: pilih barang dan jumlahnya, bukan nominal',
  lineUnknown: 'Barang yang dipilih tidak ada di order ini',
  lineQty: 'Jumlah barang yang dikembalikan harus bilangan bulat dari 1 sampai sisa yang belum dikembalikan',
  noLines: 'Pilih barang yang dikembalikan',
  nothingLeft: 'Order ini sudah dikembalikan seluruhnya',
} as const;

export interface RefundableOrder {
  jenis_order: 'reg' | 'upg' | 'ro';
  total_bayar: number;
  total_bv: number;
  /** Money and BV already given back by earlier refunds (a waiting one counts its money, not BV). */
  dikembalikan: number;
  bv_dikembalikan: number;
}

export interface RefundableLine {
  id: number;
  public_id: string;
  /** The product's code: the command line names a line by it. */
  kode?: string;
  harga: number;
  qty: number;
  value: number;
  /** Units of this line earlier refunds gave back. */
  qty_dikembalikan: number;
}

/** The whole order (what is left of it), or chosen lines of a repeat order (a line's public id or its product code, and how many). */
export type RefundChoice = { baris?: { detail: string; qty: number }[] };

export interface RefundTake {
  /** The money this refund gives back: the lines' price, or all that is left when it is the whole order. */
  jumlah: number;
  bv: number;
  lingkup: 'utuh' | 'baris';
  lines: { detailId: number; qty: number; jumlah: number; bv: number }[];
}

export type RefundCheck = ({ ok: true } & RefundTake) | { ok: false; message: string };

/**
 * The money, BV and lines a refund of `choice` takes. Choosing every unit still left is the whole
 * order: the rest of the money (shipping and fees included) and every BV still counted go with it.
 */
export function refundTake(order: RefundableOrder, lines: RefundableLine[], choice: RefundChoice): RefundCheck {
  const whole = (): RefundCheck => {
    const bv = Math.max(0, order.total_bv - order.bv_dikembalikan);
    const jumlah = Math.max(0, order.total_bayar - order.dikembalikan);
    const rest = lines
      .filter((l) => l.qty > l.qty_dikembalikan)
      .map((l) => {
        const qty = l.qty - l.qty_dikembalikan;
        return { detailId: l.id, qty, jumlah: l.harga * qty, bv: l.value * qty };
      });
    if (bv === 0 && jumlah === 0 && rest.length === 0) return { ok: false, message: REFUND_RULE_MESSAGES.nothingLeft };
    return { ok: true, jumlah, bv, lingkup: 'utuh', lines: rest };
  };
  if (choice.baris === undefined) return whole();
  if (order.jenis_order !== 'ro') return { ok: false, message: REFUND_RULE_MESSAGES.packageWhole };
  if (choice.baris.length === 0) return { ok: false, message: REFUND_RULE_MESSAGES.noLines };
  const chosen = new Map<number, number>();
  for (const b of choice.baris) {
    const line = lines.find((l) => l.public_id === b.detail || (l.kode !== undefined && l.kode === b.detail));
    if (!line) return { ok: false, message: REFUND_RULE_MESSAGES.lineUnknown };
    const qty = (chosen.get(line.id) ?? 0) + b.qty;
    if (!Number.isSafeInteger(b.qty) || b.qty < 1 || qty > line.qty - line.qty_dikembalikan)
      return { ok: false, message: REFUND_RULE_MESSAGES.lineQty };
    chosen.set(line.id, qty);
  }
  const taken = [...chosen].map(([detailId, qty]) => {
    const line = lines.find((l) => l.id === detailId)!;
    return { detailId, qty, jumlah: line.harga * qty, bv: line.value * qty };
  });
  const sum = (k: 'jumlah' | 'bv') => taken.reduce((s, t) => s + t[k], 0);
  // Every unit still left, or all the money back: that is the whole order.
  const everyUnit = lines.every((l) => l.qty - l.qty_dikembalikan === (chosen.get(l.id) ?? 0));
  if (everyUnit || order.dikembalikan + sum('jumlah') >= order.total_bayar) return whole();
  return {
    ok: true,
    jumlah: sum('jumlah'),
    bv: Math.min(sum('bv'), Math.max(0, order.total_bv - order.bv_dikembalikan)),
    lingkup: 'baris',
    lines: taken,
  };
}

/** The refusal of a refund sized by an amount, in the order's own terms. */
export const refundByAmountRefusal = (jenisOrder: RefundableOrder['jenis_order']): string =>
  jenisOrder === 'ro' ? REFUND_RULE_MESSAGES.repeatByLine : REFUND_RULE_MESSAGES.packageWhole;
