import { sql } from 'drizzle-orm';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { getSetting } from '../settings';
import { recordAudit, type AuditActor } from '../operator/record-audit';
import { RETURN_TRANSITIONS, decideReturn, type ReturnEvent } from '../../domain/return-status';
import { moveReturn } from './move-return';

/** The return transitions an operator makes (console and `npm run ops -- retur:*`). */
export const RETUR_ACTIONS = ['approve', 'reject', 'receive', 'finish'] as const satisfies readonly ReturnEvent[];
export type ReturAction = (typeof RETUR_ACTIONS)[number];

/** The actions as the console's buttons and messages name them (the transition table's labels). */
export const RETUR_ACTION_LABELS = Object.fromEntries(RETUR_ACTIONS.map((a) => [a, RETURN_TRANSITIONS[a].label])) as Record<ReturAction, string>;

/** id_admin of rows written by a script or the seed (no operator account): any non-zero id means "an admin". */
const OPERATOR_ID = 1;
export const DEFAULT_ADMIN = 'Admin Gudang';

/**
 * Operator actions on a return (DESIGN.md §7), decided by the transition table
 * (domain/return-status.ts) and written by moveReturn, each with its history row: approve, reject (with
 * the reason the member sees), receive the package at the office, finish (creates the replacement
 * order and links it as kirim_ulang), all in one transaction.
 */
export async function settleReturn(noRetur: string, action: ReturAction, options: { catatan?: string; admin?: string; by?: AuditActor } = {}): Promise<string> {
  const admin = options.by?.nama ?? (options.admin?.trim() || DEFAULT_ADMIN);
  const idAdmin = options.by?.id ?? OPERATOR_ID;
  if (!RETUR_ACTIONS.includes(action)) throw new AppError('BAD_INPUT', 'Aksi retur tidak dikenal');
  const office = await getSetting('retur_office');
  return inTransaction(async (tx) => {
    const [retur] = await selectRows<{ id: number; no_retur: string; status: string }>(tx, sql`select id::int as id, no_retur, status from retur_jual where no_retur = ${noRetur} for update`);
    if (!retur) throw new AppError('NOT_FOUND', `Retur ${noRetur} tidak ditemukan`);
    // Refused before any input check or replacement order, so a stale page answers why.
    const decision = decideReturn(noRetur, retur.status, action);
    if (!decision.ok) throw new AppError('CONFLICT', decision.message);
    let keterangan: string | null = options.catatan ?? null;
    let extra = '';
    let set: ReturnType<typeof sql> | undefined;
    if (action === 'reject') {
      if (!options.catatan?.trim()) throw new AppError('BAD_INPUT', 'Alasan penolakan harus diisi');
      set = sql`alasan_ditolak = ${options.catatan.trim()}`;
    } else if (action === 'finish') {
      const replacement = await createReplacementOrder(tx, retur.id, { id: idAdmin, nama: admin }, noRetur);
      set = sql`kirim_ulang_id = ${replacement.id}`;
      keterangan = `Invoice pengganti ${replacement.no_invoice}`;
      extra = ` (invoice pengganti ${replacement.no_invoice})`;
    } else if (action === 'receive') {
      keterangan = `${office.kota}|${options.catatan ?? `Paket retur diterima di ${office.nama}`}`;
    }
    const to = await moveReturn(tx, retur, action, { idAdmin, adminNama: admin, keterangan }, set);
    if (options.by) {
      await recordAudit(tx, options.by, `retur:${action}`, `retur:${noRetur}`, { status: retur.status }, { status: to, keterangan });
    }
    return `Retur ${noRetur}: ${action} selesai, status ${to}${extra}`;
  });
}

/**
 * The replacement (kirim ulang) of a finished return: a PAID repeat order of the returned
 * quantities for the same member, shipped to the return's address, with total 0 and BV 0 so it
 * never feeds bonuses or turnover.
 */
async function createReplacementOrder(tx: Tx, returId: number, admin: { id: number; nama: string }, noRetur: string): Promise<{ id: number; no_invoice: string }> {
  const [order] = await selectRows<{ id: number }>(tx, sql`
    insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga,
      total_berat, pickup_store, gudang_id, nama_kirim, phone_kirim, alamat_kirim, kode_pos_kirim, kelurahan_kirim_id, ekspedisi,
      biaya_kirim, total_bayar, is_ppn, total_dpp, total_ppn)
    select 'TMP-' || gen_random_uuid()::text, 'TMP-' || gen_random_uuid()::text, r.member_id, 'ro', 'PAID', now(), now(), now(), 0, 0,
      coalesce((select sum(d.berat * rd.qty) from retur_jual_details rd join order_details d on d.id = rd.order_detail_id where rd.retur_id = r.id), 0)::int,
      false, o.gudang_id, r.nama_kirim, r.phone_kirim, r.alamat_kirim, r.kode_pos_kirim, r.kelurahan_kirim_id, o.ekspedisi,
      0, 0, false, 0, 0
    from retur_jual r join orders o on o.id = r.order_id where r.id = ${returId}
    returning id::int as id`);
  const [numbered] = await selectRows<{ no_invoice: string }>(tx, sql`
    update orders set no_order = 'ORD-' || to_char(tgl_order at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0'),
      no_invoice = 'INV-' || to_char(tgl_order at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
    where id = ${order!.id} returning no_invoice`);
  await tx.execute(sql`
    insert into order_details (order_id, product_id, harga, qty, value, berat, dpp)
    select ${order!.id}, rd.product_id, 0, rd.qty, 0, d.berat, 0
    from retur_jual_details rd join order_details d on d.id = rd.order_detail_id where rd.retur_id = ${returId} order by rd.id`);
  await tx.execute(sql`
    insert into order_histories (order_id, status, id_admin, admin_nama, keterangan) values
      (${order!.id}, 'PENDING', null, null, ${`Kirim ulang retur ${noRetur}`}),
      (${order!.id}, 'PAID', ${admin.id}, ${admin.nama}, ${`Pengganti barang retur ${noRetur}, tanpa biaya`})`);
  return { id: order!.id, no_invoice: numbered!.no_invoice };
}
