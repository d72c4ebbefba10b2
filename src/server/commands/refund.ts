import { rupiahText } from '../../lib/money-format';
import { assignRefund } from '../services/order/assign-refund';
import { listPendingRefunds } from '../services/order/list-pending-refunds';
import { refundOrder } from '../services/order/refund-order';

export const REFUND_USAGE =
  'refund:order <no_order> --alasan "…" [--baris KODE:QTY,…] [--admin "…"], refund:menunggu, refund:tetapkan <id> [--baris KODE:QTY,…] [--alasan "…"] [--admin "…"]';

/** "P01:2,P02:1" → the chosen lines (by product code); anything else is refused. */
function barisOf(value: string | undefined): { detail: string; qty: number }[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((part) => {
    const m = /^([^:\s]{1,60}):(\d{1,6})$/.exec(part.trim());
    if (!m) throw new Error(`--baris harus berbentuk KODE:QTY dipisah koma, bukan "${part}"`);
    return { detail: m[1]!, qty: Number(m[2]) };
  });
}

/**
 * `npm run ops -- refund:order <no_order> --alasan "…"`: an operator's refund of the whole order, or
 * of chosen repeat-order lines (`--baris`); `refund:menunggu` lists the provider's partial refunds
 * waiting; `refund:tetapkan <id>` assigns one to lines or the whole package. The next closing
 * reverses their bonuses. A refund by amount does not exist (`--jumlah` is refused).
 */
export async function refundCommand(action: string, args: string[]): Promise<string> {
  if (action === 'menunggu') {
    const rows = await listPendingRefunds();
    return rows.length === 0
      ? 'Tidak ada refund yang menunggu penetapan'
      : rows.map((r) => `${r.id}\t${r.no_order}\t${r.jenis_order}\t${rupiahText(r.jumlah)}`).join('\n');
  }
  if (action !== 'order' && action !== 'tetapkan') throw new Error(`Perintah refund:${action} tidak dikenal. Tersedia: ${REFUND_USAGE}`);
  const target = args[0];
  if (!target || target.startsWith('--'))
    throw new Error(`${action === 'order' ? 'Nomor order' : 'Nomor refund'} harus diisi: ${REFUND_USAGE}`);
  const opts: Record<string, string> = {};
  for (let i = 1; i < args.length; i += 2) {
    const name = args[i]!.match(/^--(alasan|jumlah|baris|admin)$/)?.[1];
    const value = args[i + 1];
    if (!name) throw new Error(`Argumen tidak dikenal: ${args[i]}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`Nilai untuk --${name} harus diisi`);
    opts[name] = value;
  }
  const admin = opts.admin ?? 'Operator';
  const by = { id: null, nama: `${admin} (npm run ops)` };
  if (action === 'tetapkan') {
    if (!/^\d{1,15}$/.test(target)) throw new Error('Nomor refund harus angka (lihat refund:menunggu)');
    const r = await assignRefund(Number(target), { baris: barisOf(opts.baris), alasan: opts.alasan, admin, by });
    return `Refund ${r.no_order} ${rupiahText(r.jumlah)} ditetapkan: ${r.bv} BV ditarik; bonusnya dibalik pada closing berikutnya`;
  }
  const jumlah = opts.jumlah === undefined ? undefined : Number(opts.jumlah);
  const r = await refundOrder(target, { alasan: opts.alasan ?? '', jumlah, baris: barisOf(opts.baris), admin, by });
  return `Refund ${target}: ${rupiahText(r.jumlah)} (${r.bv} BV) dicatat; bonusnya dibalik pada closing berikutnya`;
}
