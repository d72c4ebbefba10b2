import { sql } from 'drizzle-orm';
import { inTransaction, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { refundTake, type RefundChoice } from '../../domain/refund';
import { lockOrder } from './mark-order-paid';
import { REFUND_MESSAGES, readRefundState, takeBack } from './refund-order';
import { recordAudit } from '../operator/record-audit';
import { assertRole, type Actor } from '../operator/assert-role';
import { rupiahText } from '../../../lib/money-format';

/**
 * KEUANGAN assigns a provider's partial refund (money already returned, waiting with no BV) to
 * chosen lines of a repeat order or to the whole order/package (COMP_PLAN.md, Refunds): from now
 * its BV leaves, and the next closing reverses the bonuses through the usual path. The money stays
 * what the provider returned. One transaction, audited as `refund:tetapkan`.
 */
export async function assignRefund(refundId: number, input: RefundChoice & { alasan?: string; admin: string; by: Actor }): Promise<{ no_order: string; jumlah: number; bv: number }> {
  assertRole(input.by, ['KEUANGAN']);
  if (!Number.isSafeInteger(refundId) || refundId <= 0) throw new AppError('NOT_FOUND', REFUND_MESSAGES.pendingNotFound);
  return inTransaction(async (tx) => {
    const [found] = await selectRows<{ order_id: number }>(tx, sql`select order_id::int as order_id from order_refunds where id = ${refundId}`);
    if (!found) throw new AppError('NOT_FOUND', REFUND_MESSAGES.pendingNotFound);
    const order = (await lockOrder(tx, { id: found.order_id }))!;
    const [refund] = await selectRows<{ jumlah: number; menunggu: boolean }>(tx, sql`
      select jumlah::float8 as jumlah, ditetapkan_at is null as menunggu from order_refunds where id = ${refundId} for update`);
    if (!refund!.menunggu) throw new AppError('CONFLICT', REFUND_MESSAGES.notPending);
    const state = (await readRefundState(tx, order.id))!;
    const take = refundTake(state.order, state.lines, { baris: input.baris });
    if (!take.ok) throw new AppError('BAD_INPUT', take.message);
    const alasan = input.alasan?.trim() || null;
    await tx.execute(sql`update order_refunds set bv = ${take.bv}, ditetapkan_at = now(), admin = ${input.admin}, alasan = coalesce(${alasan}, alasan) where id = ${refundId}`);
    const what = take.lingkup === 'utuh' ? 'seluruh order' : `${take.lines.reduce((s, l) => s + l.qty, 0)} barang`;
    await takeBack(tx, order.id, refundId, take, {
      admin: input.admin,
      keterangan: `partial_refund ${rupiahText(refund!.jumlah)} ditetapkan: ${what}, ${take.bv} BV${alasan ? ` — ${alasan}` : ''}`,
    });
    await recordAudit(tx, input.by, 'refund:tetapkan', `order:${order.no_order}`, { menunggu: true, jumlah: refund!.jumlah, bv: 0 },
      { jumlah: refund!.jumlah, bv: take.bv, lingkup: take.lingkup, baris: input.baris ?? 'utuh', ...(alasan ? { alasan } : {}) });
    return { no_order: order.no_order, jumlah: refund!.jumlah, bv: take.bv };
  });
}
