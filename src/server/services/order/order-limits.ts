import { rupiah } from '../../../lib/format';
import type { Tx } from '../../db/client';
import { countPendingOrders, lockMember } from '../../db/queries/orders-create';
import { AppError } from '../../errors';
import { getSetting } from '../settings';
import type { PricedOrder } from './price-order';

export const orderLimitMessages = {
  lineQty: (max: number) => `Jumlah per produk maksimal ${max}`,
  total: (max: number) => `Total order maksimal ${rupiah(max)}`,
  pending: (max: number) =>
    `Anda masih memiliki ${max} order yang belum dibayar. Selesaikan pembayaran atau tunggu order tersebut kedaluwarsa.`,
  upgradePending: 'Masih ada order upgrade yang belum dibayar. Selesaikan pembayarannya terlebih dahulu.',
} as const;

/**
 * The caps of an order (settings order_max_line_qty, order_max_total, order_max_pending), so one
 * member cannot reserve a warehouse's stock for a day, and at most one unpaid upgrade. Runs in the
 * order's transaction with the buyer's row locked, so parallel requests count each other.
 */
export async function assertOrderLimits(
  tx: Tx,
  buyerId: number,
  jenis: string,
  priced: Pick<PricedOrder, 'lines' | 'total'>,
  viaReferral: boolean,
): Promise<void> {
  const maxQty = await getSetting('order_max_line_qty');
  if (priced.lines.some((line) => line.qty > maxQty)) throw new AppError('BAD_INPUT', orderLimitMessages.lineQty(maxQty));
  const maxTotal = await getSetting('order_max_total');
  if (priced.total > maxTotal) throw new AppError('BAD_INPUT', orderLimitMessages.total(maxTotal));
  await lockMember(tx, buyerId);
  const open = await countPendingOrders(tx, buyerId, viaReferral);
  if (jenis === 'upgrade' && open.upgrades > 0) throw new AppError('CONFLICT', orderLimitMessages.upgradePending);
  const maxPending = await getSetting('order_max_pending');
  if (!viaReferral && open.pending >= maxPending) throw new AppError('CONFLICT', orderLimitMessages.pending(maxPending));
}
