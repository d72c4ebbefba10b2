import { getDb } from '../../db/client';
import { orderIdByNumber, waitingRefundsOf } from '../../db/queries/order-refunds';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { REFUND_MESSAGES, type RefundState, readRefundState } from './refund-order';

export interface RefundableOrderView {
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  total_bayar: number;
  total_bv: number;
  dikembalikan: number;
  bv_dikembalikan: number;
  paid: boolean;
  lines: { public_id: string; nama: string; harga: number; qty: number; value: number; qty_dikembalikan: number }[];
  /** The provider's partial refunds of this order still waiting to be assigned. */
  menunggu: { id: number; jumlah: number }[];
}

/** The refund page's view of one order: what it cost, what is already given back, and its lines. */
export async function findRefundableOrder(noOrder: string, by: Actor): Promise<RefundableOrderView> {
  assertRole(by, ['KEUANGAN']);
  const db = await getDb();
  const orderId = await orderIdByNumber(db, noOrder.slice(0, 60));
  const state: RefundState | undefined = orderId !== undefined ? await readRefundState(db, orderId) : undefined;
  if (orderId === undefined || !state) throw new AppError('NOT_FOUND', REFUND_MESSAGES.notFound);
  const menunggu = await waitingRefundsOf(db, orderId);
  return {
    ...state.order,
    lines: state.lines.map(({ public_id, nama, harga, qty, value, qty_dikembalikan }) => ({
      public_id,
      nama,
      harga,
      qty,
      value,
      qty_dikembalikan,
    })),
    menunggu,
  };
}
