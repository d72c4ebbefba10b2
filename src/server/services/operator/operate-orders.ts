import { AppError } from '../../errors';
import { OPERATOR_ACTIONS, type OperatorAction, operateOrder } from '../order/operate-order';
import { type Actor, assertRole } from './assert-role';

export const MAX_BATCH = 200;

export interface BatchInput {
  action: string;
  orders: { noOrder: string; resi?: string }[];
  kota?: string;
  catatan?: string;
  oleh?: string;
}
export interface BatchResult {
  noOrder: string | null;
  ok: boolean;
  text: string;
}

/**
 * The console's "several at once": the same action on each selected order, each in its own
 * transaction (checked against its own state, audited, with its own history row) and reported one
 * by one, so one order that does not fit never holds back the others.
 */
export async function operateOrders(by: Actor, input: BatchInput): Promise<BatchResult[]> {
  assertRole(by, ['GUDANG']);
  if (!(OPERATOR_ACTIONS as readonly string[]).includes(input.action)) return [{ noOrder: null, ok: false, text: 'Aksi tidak dikenal' }];
  const seen = new Set<string>();
  const orders = input.orders
    .map((o) => ({ ...o, noOrder: o.noOrder.trim() }))
    .filter((o) => o.noOrder && !seen.has(o.noOrder) && seen.add(o.noOrder));
  if (orders.length === 0) return [{ noOrder: null, ok: false, text: 'Pilih minimal satu order' }];
  if (orders.length > MAX_BATCH) return [{ noOrder: null, ok: false, text: `Paling banyak ${MAX_BATCH} order sekaligus` }];
  const results: BatchResult[] = [];
  for (const order of orders) {
    try {
      const text = await operateOrder(input.action as OperatorAction, order.noOrder, {
        resi: order.resi?.trim().slice(0, 60) || undefined,
        kota: input.kota?.slice(0, 100),
        catatan: input.catatan?.slice(0, 200),
        oleh: input.oleh?.slice(0, 100),
        by,
      });
      results.push({ noOrder: order.noOrder, ok: true, text });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ noOrder: order.noOrder, ok: false, text: error.message });
    }
  }
  return results;
}
