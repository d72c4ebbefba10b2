import { refundOrder } from '../../src/server/services/order/refund-order';

export const REFUND_USAGE = 'refund:order <no_order> --alasan "…" [--jumlah RUPIAH] [--admin "…"]';

/** `npm run ops -- refund:order <no_order> --alasan "…"`: an operator's refund; the next closing reverses its bonuses. */
export async function refundCommand(action: string, args: string[]): Promise<string> {
  if (action !== 'order') throw new Error(`Perintah refund:${action} tidak dikenal. Tersedia: ${REFUND_USAGE}`);
  const no = args[0];
  if (!no || no.startsWith('--')) throw new Error(`Nomor order harus diisi: ${REFUND_USAGE}`);
  const opts: Record<string, string> = {};
  for (let i = 1; i < args.length; i += 2) {
    const name = args[i]!.match(/^--(alasan|jumlah|admin)$/)?.[1];
    const value = args[i + 1];
    if (!name) throw new Error(`Argumen tidak dikenal: ${args[i]}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`Nilai untuk --${name} harus diisi`);
    opts[name] = value;
  }
  const jumlah = opts.jumlah === undefined ? undefined : /^\d+$/.test(opts.jumlah) ? Number(opts.jumlah) : Number.NaN;
  const admin = opts.admin ?? 'Operator';
  const r = await refundOrder(no, { alasan: opts.alasan ?? '', jumlah, admin, by: { id: null, nama: `${admin} (npm run ops)` } });
  return `Refund ${no}: Rp ${r.jumlah.toLocaleString('id-ID')} (${r.bv} BV) dicatat; bonusnya dibalik pada closing berikutnya`;
}
