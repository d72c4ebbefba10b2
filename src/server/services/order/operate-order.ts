import { inTransaction } from '../../db/client';
import { lockOrderForOperator, setOrderReceived, setOrderResi } from '../../db/queries/orders';
import { decideOrder, ORDER_TRANSITIONS, type OrderEvent } from '../../domain/order-status';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../operator/record-audit';
import { moveOrder } from './move-order';

/** The order transitions an operator makes (console and `npm run ops -- order:*`). */
export const OPERATOR_ACTIONS = ['pack', 'pickupable', 'ship', 'track', 'receive', 'cancel'] as const satisfies readonly OrderEvent[];
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const DEFAULT_ADMIN = 'Admin Gudang';

/** The actions as the console's buttons and messages name them (the transition table's labels). */
export const ACTION_LABELS = Object.fromEntries(OPERATOR_ACTIONS.map((a) => [a, ORDER_TRANSITIONS[a].label])) as Record<
  OperatorAction,
  string
>;

export interface OperatorOptions {
  resi?: string;
  kota?: string;
  catatan?: string;
  oleh?: string;
  admin?: string;
  /** The console's operator: named in the member-visible history and audited in the same transaction. */
  by?: AuditActor;
}

const clean = (v: string | undefined): string | undefined => v?.replace(/\|/g, '/').trim() || undefined;

/**
 * An operator moves an order on (console, `npm run ops -- order:…`): the transition table
 * (domain/order-status.ts) decides, moveOrder changes the status with its side effects (a cancel
 * puts the reserved stock back) and writes the history row (admin name, shipment event "city|description" for the
 * tracking manifest) in one transaction with the order locked.
 */
export async function operateOrder(action: OperatorAction, noOrder: string, options: OperatorOptions = {}): Promise<string> {
  if (!OPERATOR_ACTIONS.includes(action)) throw new AppError('BAD_INPUT', `Perintah order:${action} tidak dikenal`);
  const admin = options.by?.nama ?? (options.admin?.trim() || DEFAULT_ADMIN);
  return inTransaction(async (tx) => {
    const order = await lockOrderForOperator(tx, noOrder);
    if (!order) throw new AppError('NOT_FOUND', `Order ${noOrder} tidak ditemukan`);
    // Refused before any input check, so a refunded or finished order answers why.
    const decision = decideOrder(noOrder, { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store }, action);
    if (!decision.ok) throw new AppError('CONFLICT', decision.message);

    let keterangan: string | null = clean(options.catatan) ?? null;
    switch (action) {
      case 'pack':
        keterangan = 'Dikemas';
        break;
      case 'pickupable':
        keterangan = 'Siap diambil di gudang';
        break;
      case 'ship': {
        const resi = options.resi?.trim();
        if (!resi) throw new AppError('BAD_INPUT', `Nomor resi order ${noOrder} harus diisi`);
        const kota = clean(options.kota) ?? order.gudang_kota ?? 'Gudang';
        keterangan = `${kota}|Paket diserahkan ke kurir`;
        await setOrderResi(tx, order.id, resi);
        break;
      }
      case 'track': {
        const kota = clean(options.kota);
        const catatan = clean(options.catatan);
        if (!kota || !catatan) throw new AppError('BAD_INPUT', `Kota dan catatan pelacakan order ${noOrder} harus diisi`);
        keterangan = `${kota}|${catatan}`;
        break;
      }
      case 'receive': {
        const oleh = options.oleh?.trim() || order.nama_kirim || 'Penerima';
        await setOrderReceived(tx, order.id, oleh);
        keterangan = order.pickup_store
          ? `Diambil oleh ${oleh}`
          : `${clean(options.kota) ?? order.kota_kirim ?? 'Tujuan'}|Diterima oleh ${oleh}`;
        break;
      }
      case 'cancel':
        break;
    }
    const status = await moveOrder(tx, order, action, { idAdmin: null, adminNama: admin, keterangan });
    if (options.by) {
      await recordAudit(
        tx,
        options.by,
        `order:${action}`,
        `order:${noOrder}`,
        { status_order: order.status_order },
        { status_order: status, keterangan },
      );
    }
    return `Order ${noOrder}: ${order.status_order} → ${status}${keterangan ? ` (${keterangan})` : ''}`;
  });
}
