import { getDb } from '../../db/client';
import { orderIdByNumber, refundsOfOrder } from '../../db/queries/order-refunds';
import { orderDetailLines, orderDetailRow, orderHistoryRows } from '../../db/queries/order-view';
import { decideOrder } from '../../domain/order-status';
import { AppError } from '../../errors';
import { historyActor, ORDER_NOT_FOUND } from '../order/get-order-detail';
import { OPERATOR_ACTIONS, type OperatorAction } from '../order/operate-order';
import { type Actor, assertRole } from './assert-role';

/**
 * One order as the warehouse sees it at /admin/orders/<no_order> (issue #26): the order, its
 * lines, history, payment, refunds and shipping, and per warehouse action whether the transition
 * table allows it now or why not (a refunded order: never packed or shipped). GUDANG (and SUPERADMIN).
 */
export async function getOperatorOrder(by: Actor, noOrder: string) {
  assertRole(by, ['GUDANG']);
  const db = await getDb();
  const id = /^[A-Z]{2,5}-\d{8}-\d{3,12}$/.test(noOrder) ? await orderIdByNumber(db, noOrder) : undefined;
  const order = id === undefined ? undefined : await orderDetailRow(db, id);
  if (!order || id === undefined) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [lines, history, refunds] = await Promise.all([orderDetailLines(db, id), orderHistoryRows(db, id), refundsOfOrder(db, id)]);
  const state = { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store };
  const actions = OPERATOR_ACTIONS.map((action) => {
    const decision = decideOrder(order.no_order, state, action);
    return { action, allowed: decision.ok, refusal: decision.ok ? null : decision.message };
  }) satisfies { action: OperatorAction; allowed: boolean; refusal: string | null }[];
  return {
    order,
    lines,
    refunds,
    actions,
    history: history.map((h) => ({ ...h, oleh: historyActor(h.id_admin, h.admin_nama) })),
  };
}
