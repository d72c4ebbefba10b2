import { sql } from 'drizzle-orm';
import { inTransaction, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type AuditActor } from '../operator/record-audit';

export const OPERATOR_ACTIONS = ['pack', 'pickupable', 'ship', 'track', 'receive', 'cancel'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const DEFAULT_ADMIN = 'Admin Gudang';

/** The actions as the console's buttons and messages name them. */
export const ACTION_LABELS: Record<OperatorAction, string> = {
  pack: 'Kemas', pickupable: 'Siap diambil', ship: 'Kirim (resi)', track: 'Catat pelacakan', receive: 'Diterima', cancel: 'Batalkan',
};

export interface OperatorOptions {
  resi?: string;
  kota?: string;
  catatan?: string;
  oleh?: string;
  admin?: string;
  /** The console's operator: named in the member-visible history and audited in the same transaction. */
  by?: AuditActor;
}

/** From-states of each operator action, and the state it moves to (DESIGN.md §7). */
const RULES: Record<OperatorAction, { from: string[]; to: string | null; pickup?: boolean }> = {
  pack: { from: ['PAID'], to: 'WAREHOUSE' },
  pickupable: { from: ['PAID', 'WAREHOUSE'], to: 'PICKUPABLE', pickup: true },
  ship: { from: ['PAID', 'WAREHOUSE'], to: 'DELIVERY', pickup: false },
  track: { from: ['DELIVERY'], to: null, pickup: false },
  receive: { from: ['DELIVERY', 'PICKUPABLE'], to: 'RECEIVED' },
  cancel: { from: ['PENDING'], to: 'CANCEL' },
};

const clean = (v: string | undefined): string | undefined => v?.replace(/\|/g, '/').trim() || undefined;

/**
 * An operator moves an order on (`npm run ops -- order:…`): checks the allowed from-state, changes
 * the order and writes the history row (admin name, shipment event "city|description" for the
 * tracking manifest) in one transaction with the order locked.
 */
export async function operateOrder(action: OperatorAction, noOrder: string, options: OperatorOptions = {}): Promise<string> {
  const rule = RULES[action];
  if (!rule) throw new AppError('BAD_INPUT', `Perintah order:${action} tidak dikenal`);
  const admin = options.by?.nama ?? (options.admin?.trim() || DEFAULT_ADMIN);
  return inTransaction(async (tx) => {
    const [order] = await selectRows<{ id: number; status_order: string; pickup_store: boolean; nama_kirim: string | null; gudang_kota: string | null; kota_kirim: string | null }>(tx, sql`
      select o.id::int as id, o.status_order, o.pickup_store, o.nama_kirim,
        (select r.name from warehouses g join villages v on v.code = g.kelurahan_id join districts d on d.code = v.district_code
          join regencies r on r.code = d.regency_code where g.id = o.gudang_id) as gudang_kota,
        (select r.name from villages v join districts d on d.code = v.district_code join regencies r on r.code = d.regency_code
          where v.code = o.kelurahan_kirim_id) as kota_kirim
      from orders o where o.no_order = ${noOrder} for update of o`);
    if (!order) throw new AppError('NOT_FOUND', `Order ${noOrder} tidak ditemukan`);
    if (!rule.from.includes(order.status_order)) {
      throw new AppError('CONFLICT', `Order ${noOrder} berstatus ${order.status_order}; "${ACTION_LABELS[action]}" hanya untuk order berstatus ${rule.from.join(' atau ')}`);
    }
    if (rule.pickup === true && !order.pickup_store) throw new AppError('CONFLICT', `Order ${noOrder} dikirim kurir, bukan ambil di tempat`);
    if (rule.pickup === false && order.pickup_store) throw new AppError('CONFLICT', `Order ${noOrder} diambil di tempat, tidak dikirim kurir`);

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
        await tx.execute(sql`update orders set no_resi = ${resi} where id = ${order.id}`);
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
        await tx.execute(sql`update orders set received_at = now(), received_by = ${oleh} where id = ${order.id}`);
        keterangan = order.pickup_store ? `Diambil oleh ${oleh}` : `${clean(options.kota) ?? order.kota_kirim ?? 'Tujuan'}|Diterima oleh ${oleh}`;
        break;
      }
      case 'cancel':
        break;
    }
    const status = rule.to ?? order.status_order;
    if (rule.to) await tx.execute(sql`update orders set status_order = ${rule.to} where id = ${order.id}`);
    await tx.execute(sql`insert into order_histories (order_id, status, admin_nama, keterangan) values (${order.id}, ${status}, ${admin}, ${keterangan})`);
    if (options.by) {
      await recordAudit(tx, options.by, `order:${action}`, `order:${noOrder}`, { status_order: order.status_order }, { status_order: status, keterangan });
    }
    return `Order ${noOrder}: ${order.status_order} → ${status}${keterangan ? ` (${keterangan})` : ''}`;
  });
}
