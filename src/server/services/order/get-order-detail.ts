import { autoOpensPayment, canPayNow, isInvoiced, paymentLabel, TRACKABLE_STATUSES } from '../../../lib/order-status';
import { isUuid } from '../../../lib/schemas/order-list';
import { type Db, getDb, type Tx } from '../../db/client';
import { type OrderRow, orderDetailLines, orderDetailRow, orderHistoryRows } from '../../db/queries/order-view';
import { ownOrderState } from '../../db/queries/orders';
import { decideOrder } from '../../domain/order-status';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { getSetting } from '../settings';

export const ORDER_NOT_FOUND = 'Order tidak ditemukan';
/** Days a pickup order may wait at the warehouse after its invoice date (spec/001 §4, §9). */
export const PICKUP_DAYS = 14;
const DAY_MS = 86_400_000;

export type { Pembayaran } from '../../db/queries/order-view';

/** The order's internal id and state when it belongs to the member; otherwise a 404 (never a 403: ids are not secrets, ownership is). */
export async function findOwnOrder(db: Db | Tx, member: SessionMember, publicId: string, lock = false) {
  if (!isUuid(publicId)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const row = await ownOrderState(db, member.id, publicId, lock);
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return row;
}

/** Who wrote a history row (spec/001 §2): 'User' for id_admin 0, the admin's name, or 'System'. */
export function historyActor(idAdmin: number | null, adminNama: string | null): string {
  if (idAdmin === 0) return 'User';
  return adminNama || 'System';
}

/** Midtrans reports times in Asia/Jakarta without a zone ("2026-11-23 10:00:00"). */
const midtransTime = (v: string | null | undefined): string | null =>
  !v ? null : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? `${v.replace(' ', 'T')}+07:00` : v;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The Buyer fields of spec/001 §3 (nama, nomor_identitas, jenis_kelamin, phone, email, domicile). */
function buyerFields(order: OrderRow, calon: Record<string, unknown>) {
  const reg = order.jenis_order === 'reg';
  const named = (v: string | null) => (v ? { nama: v } : null);
  return reg
    ? {
        nama: order.new_nama ?? str(calon.nama),
        nomor_identitas: order.new_nomor_identitas ?? str(calon.nomor_identitas),
        jenis_kelamin: order.new_jenis_kelamin ?? str(calon.jenis_kelamin),
        phone: order.new_phone ?? str(calon.phone),
        email: order.new_email ?? str(calon.email),
        kota_domisili: named(order.kota_domisili),
        propinsi_domisili: named(order.propinsi_domisili),
      }
    : {
        nama: order.buyer_nama,
        nomor_identitas: order.buyer_nomor_identitas,
        jenis_kelamin: order.buyer_jenis_kelamin,
        phone: order.buyer_phone,
        email: order.buyer_email,
        kota_domisili: named(order.buyer_kota_domisili),
        propinsi_domisili: named(order.buyer_propinsi_domisili),
      };
}

/**
 * The order detail of spec/001 §3 for its owner: buyer or prospective member, delivery, items with
 * weight, totals with the application fee, tax block, payment information per method, history
 * with actors, the pickup deadline, and which buttons the screen offers (spec/001 §4).
 */
export async function getOrderDetail(member: SessionMember, publicId: string) {
  const db = await getDb();
  const own = await findOwnOrder(db, member, publicId);
  const [o, details, histories] = await Promise.all([
    orderDetailRow(db, own.id),
    orderDetailLines(db, own.id),
    orderHistoryRows(db, own.id),
  ]);
  const order = o!;
  const invoiced = isInvoiced(order.status_order);
  const calon = order.calon_member ?? {};
  const [courier, service] = (order.ekspedisi ?? '').split('|');
  const transferbca = order.payment_method === 'transferbca' ? await getSetting('transfer_bca') : null;
  const pickupDeadline =
    order.pickup_store && invoiced && order.tgl_invoice
      ? new Date(Date.parse(order.tgl_invoice) + PICKUP_DAYS * DAY_MS).toISOString()
      : null;
  const trackable = Boolean(order.no_resi) && (TRACKABLE_STATUSES as readonly string[]).includes(order.status_order);
  return {
    public_id: order.public_id,
    no_order: order.no_order,
    // Invoice number and date only once paid (spec/001 §4).
    no_invoice: invoiced ? order.no_invoice : null,
    tgl_order: order.tgl_order,
    tgl_invoice: invoiced ? order.tgl_invoice : null,
    status_order: order.status_order,
    payment_label: paymentLabel(order.status_order),
    jenis_order: order.jenis_order,
    join_member: order.jenis_order === 'reg',
    upgrade_member: order.jenis_order === 'upg',
    is_ro: order.jenis_order === 'ro',
    posisi: order.posisi,
    sisi: order.sisi,
    total_bv: order.total_bv,
    pickup_store: order.pickup_store,
    gudang: order.gudang_nama ? { nama: order.gudang_nama, lokasi: order.gudang_lokasi } : null,
    buyer: {
      id_member: order.buyer_id_member,
      nama: order.buyer_nama,
      nomor_identitas: order.buyer_nomor_identitas,
      jenis_kelamin: order.buyer_jenis_kelamin,
      phone: order.buyer_phone,
      email: order.buyer_email,
      kota_domisili: order.buyer_kota_domisili ? { nama: order.buyer_kota_domisili } : null,
      propinsi_domisili: order.buyer_propinsi_domisili ? { nama: order.buyer_propinsi_domisili } : null,
    },
    // The prospective member of a registration: the created member once paid, the form before.
    member:
      order.jenis_order === 'reg'
        ? {
            id_member: order.new_id_member,
            username: order.new_username ?? str(calon.username),
            nama: order.new_nama ?? str(calon.nama),
            nomor_identitas: order.new_nomor_identitas ?? str(calon.nomor_identitas),
            jenis_kelamin: order.new_jenis_kelamin ?? str(calon.jenis_kelamin),
            phone: order.new_phone ?? str(calon.phone),
            email: order.new_email ?? str(calon.email),
            kota_domisili: order.kota_domisili ? { nama: order.kota_domisili } : null,
            propinsi_domisili: order.propinsi_domisili ? { nama: order.propinsi_domisili } : null,
          }
        : null,
    // spec/001 §3 "Buyer" on every order: the prospective member of a registration, else the ordering member.
    ...buyerFields(order, calon),
    nama_kirim: order.nama_kirim,
    alamat_kirim: order.alamat_kirim,
    phone_kirim: order.phone_kirim,
    kode_pos_kirim: order.kode_pos_kirim,
    kecamatan_kirim: order.kecamatan_kirim ? { nama: order.kecamatan_kirim } : null,
    kota_kirim: order.kota_kirim ? { nama: order.kota_kirim } : null,
    propinsi_kirim: order.propinsi_kirim ? { nama: order.propinsi_kirim } : null,
    alamat_domestic: order.kota_kirim
      ? {
          kelurahan: order.kelurahan_kirim,
          kecamatan: order.kecamatan_kirim,
          kota: order.kota_kirim,
          provinsi: order.propinsi_kirim,
          kode_pos: order.kode_pos_kirim,
        }
      : null,
    ekspedisi: order.ekspedisi,
    courier: courier || null,
    service: service || null,
    biaya_kirim: order.biaya_kirim,
    diskon_biaya_kirim: order.diskon_biaya_kirim,
    asuransi_kirim: order.asuransi_kirim,
    no_resi: order.no_resi,
    received_at: order.received_at,
    received_by: order.received_by,
    total_harga: order.total_harga,
    /** 'Biaya Jasa Aplikasi'. */
    biaya_pembayaran: order.biaya_pembayaran,
    total_bayar: order.total_bayar,
    is_ppn: order.is_ppn,
    total_dpp: order.total_dpp,
    total_ppn: order.total_ppn,
    total_berat: order.total_berat || details.reduce((s, d) => s + d.berat * d.qty, 0),
    payment_method: order.payment_method,
    pembayaran: order.pembayaran,
    expires_at: order.status_order === 'PENDING' ? (midtransTime(order.pembayaran?.expired_time) ?? order.expires_at) : null,
    transferbca,
    order_details: details.map((d) => ({
      public_id: d.public_id,
      barang: { nama: d.nama },
      harga: d.harga,
      qty: d.qty,
      berat: d.berat,
      value: d.value,
      subtotal: d.harga * d.qty,
    })),
    order_histories: histories.map((h) => ({
      tanggal: h.tanggal,
      status: h.status,
      id_admin: h.id_admin,
      admin: h.admin_nama ? { nama: h.admin_nama } : null,
      actor: historyActor(h.id_admin, h.admin_nama),
      keterangan: h.keterangan,
    })),
    pickup_deadline: pickupDeadline,
    can_pay: canPayNow(order.status_order, order.payment_method),
    auto_pay: autoOpensPayment(order.status_order, order.payment_method),
    can_track: trackable,
    can_mark_done: decideOrder(order.no_order, { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store }, 'done')
      .ok,
  };
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;
