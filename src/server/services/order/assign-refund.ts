import { rupiahText } from '../../../lib/money-format';
import { inTransaction } from '../../db/client';
import { lockRefund, refundOrderId, settleRefund } from '../../db/queries/order-refunds';
import { type RefundChoice, refundTake } from '../../domain/refund';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { lockOrder } from './mark-order-paid';
import { REFUND_MESSAGES, readRefundState, takeBack } from './refund-order';

/**
 * KEUANGAN assigns a provider's partial refund (money already returned, waiting with no BV) to
 * chosen lines of a repeat order or to the whole order/package (COMP_PLAN.md, Refunds): from now
 * its BV leaves, and the next closing reverses the bonuses through the usual path. The money stays
 * what the provider returned. One transaction, audited as `refund:tetapkan`.
 */
export async function assignRefund(
  refundId: number,
  input: RefundChoice & { alasan?: string; admin: string; by: Actor },
): Promise<{ no_order: string; jumlah: number; bv: number }> {
  assertRole(input.by, ['KEUANGAN']);
  if (!Number.isSafeInteger(refundId) || refundId <= 0) throw new AppError('NOT_FOUND', REFUND_MESSAGES.pendingNotFound);
  return inTransaction(async (tx) => {
    const orderId = await refundOrderId(tx, refundId);
    if (orderId === undefined) throw new AppError('NOT_FOUND', REFUND_MESSAGES.pendingNotFound);
    const order = (await lockOrder(tx, { id: orderId }))!;
    const refund = await lockRefund(tx, refundId);
    if (!refund!.menunggu) throw new AppError('CONFLICT', REFUND_MESSAGES.notPending);
    const state = (await readRefundState(tx, order.id))!;
    const take = refundTake(state.order, state.lines, { baris: input.baris });
    if (!take.ok) throw new AppError('BAD_INPUT', take.message);
    const alasan = input.alasan?.trim() || null;
    await settleRefund(tx, refundId, { bv: take.bv, admin: input.admin, alasan });
    const what = take.lingkup === 'utuh' ? 'seluruh order' : `${take.lines.reduce((s, l) => s + l.qty, 0)} barang`;
    await takeBack(tx, order.id, refundId, take, {
      admin: input.admin,
      keterangan: `partial_refund ${rupiahText(refund!.jumlah)} ditetapkan: ${what}, ${take.bv} BV${alasan ? ` — ${alasan}` : ''}`,
    });
    await recordAudit(
      tx,
      input.by,
      'refund:tetapkan',
      `order:${order.no_order}`,
      { menunggu: true, jumlah: refund!.jumlah, bv: 0 },
      { jumlah: refund!.jumlah, bv: take.bv, lingkup: take.lingkup, baris: input.baris ?? 'utuh', ...(alasan ? { alasan } : {}) },
    );
    return { no_order: order.no_order, jumlah: refund!.jumlah, bv: take.bv };
  });
}
