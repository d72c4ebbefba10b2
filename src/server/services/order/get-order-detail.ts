import { sql } from 'drizzle-orm';
import { getDb, selectRows, type Db, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { autoOpensPayment, canPayNow, isInvoiced, paymentLabel, TRACKABLE_STATUSES } from '../../../lib/order-status';
import { isUuid } from '../../../lib/schemas/order-list';
import { getSetting } from '../settings';
import type { SessionMember } from '../auth/session-member';
import { decideOrder } from '../../domain/order-status';

export const ORDER_NOT_FOUND = 'Order tidak ditemukan';
/** Days a pickup order may wait at the warehouse after its invoice date (spec/001 §4, §9). */
export const PICKUP_DAYS = 14;
const DAY_MS = 86_400_000;

/** The pembayaran jsonb (spec/001 §3): what the payment provider reported for this order. */
export interface Pembayaran {
  payment_type?: string;
  va_bank?: string;
  va_number?: string;
  biller_code?: string;
  bill_key?: string;
  acquirer?: string;
  store?: string;
  payment_code?: string;
  expired_time?: string;
  qr_url?: string;
}

interface OrderRow {
  id: number;
  public_id: string;
  no_order: string;
  no_invoice: string | null;
  tgl_order: string;
  tgl_invoice: string | null;
  expires_at: string | null;
  status_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  posisi: string | null;
  sisi: string | null;
  total_bv: number;
  total_harga: string;
  total_berat: number;
  total_bayar: string;
  payment_method: string | null;
  pembayaran: Pembayaran | null;
  pickup_store: boolean;
  refunded: boolean;
  gudang_nama: string | null;
  gudang_lokasi: string | null;
  nama_kirim: string | null;
  phone_kirim: string | null;
  alamat_kirim: string | null;
  kode_pos_kirim: string | null;
  kelurahan_kirim: string | null;
  kecamatan_kirim: string | null;
  kota_kirim: string | null;
  propinsi_kirim: string | null;
  ekspedisi: string | null;
  biaya_kirim: string;
  diskon_biaya_kirim: string;
  asuransi_kirim: string;
  biaya_pembayaran: string;
  is_ppn: boolean;
  total_dpp: string;
  total_ppn: string;
  no_resi: string | null;
  received_at: string | null;
  received_by: string | null;
  buyer_id_member: string;
  buyer_nama: string;
  buyer_phone: string;
  buyer_email: string;
  buyer_nomor_identitas: string | null;
  buyer_jenis_kelamin: string | null;
  buyer_kota_domisili: string | null;
  buyer_propinsi_domisili: string | null;
  calon_member: Record<string, unknown> | null;
  new_id_member: string | null;
  new_username: string | null;
  new_nama: string | null;
  new_nomor_identitas: string | null;
  new_jenis_kelamin: string | null;
  new_phone: string | null;
  new_email: string | null;
  kota_domisili: string | null;
  propinsi_domisili: string | null;
}

/** The order's internal id and state when it belongs to the member; otherwise a 404 (never a 403: ids are not secrets, ownership is). */
export async function findOwnOrder(db: Db | Tx, member: SessionMember, publicId: string, lock = false) {
  if (!isUuid(publicId)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [row] = await selectRows<{ id: number; no_order: string; status_order: string; refunded: boolean; no_resi: string | null; ekspedisi: string | null; pickup_store: boolean; phone_kirim: string | null }>(db, sql`
    select id::int as id, no_order, status_order, refunded_at is not null as refunded, no_resi, ekspedisi, pickup_store, phone_kirim from orders
    where public_id = ${publicId}::uuid and member_id = ${member.id} ${lock ? sql`for update` : sql``}`);
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
  return reg ? {
    nama: order.new_nama ?? str(calon.nama),
    nomor_identitas: order.new_nomor_identitas ?? str(calon.nomor_identitas),
    jenis_kelamin: order.new_jenis_kelamin ?? str(calon.jenis_kelamin),
    phone: order.new_phone ?? str(calon.phone),
    email: order.new_email ?? str(calon.email),
    kota_domisili: named(order.kota_domisili),
    propinsi_domisili: named(order.propinsi_domisili),
  } : {
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
  const [[o], details, histories] = await Promise.all([
    selectRows<OrderRow>(db, sql`
      select o.id::int as id, o.public_id::text as public_id, o.no_order, o.no_invoice, o.tgl_order::text as tgl_order,
        o.tgl_invoice::text as tgl_invoice, o.expires_at::text as expires_at, o.status_order, o.jenis_order, o.posisi, o.sisi,
        o.total_bv, o.total_harga::text as total_harga, o.total_berat, o.total_bayar::text as total_bayar,
        o.payment_method, o.pembayaran, o.pickup_store, o.refunded_at is not null as refunded, g.nama as gudang_nama, g.lokasi as gudang_lokasi,
        o.nama_kirim, o.phone_kirim, o.alamat_kirim, coalesce(o.kode_pos_kirim, v.postal_code) as kode_pos_kirim,
        v.name as kelurahan_kirim, d.name as kecamatan_kirim, r.name as kota_kirim, p.name as propinsi_kirim,
        o.ekspedisi, o.biaya_kirim::text as biaya_kirim, o.diskon_biaya_kirim::text as diskon_biaya_kirim,
        o.asuransi_kirim::text as asuransi_kirim, o.biaya_pembayaran::text as biaya_pembayaran, o.is_ppn,
        o.total_dpp::text as total_dpp, o.total_ppn::text as total_ppn, o.no_resi, o.received_at::text as received_at, o.received_by,
        b.id_member as buyer_id_member, b.nama as buyer_nama, b.phone as buyer_phone, b.email as buyer_email,
        b.nomor_identitas as buyer_nomor_identitas, b.jenis_kelamin as buyer_jenis_kelamin,
        bkd.name as buyer_kota_domisili, bpd.name as buyer_propinsi_domisili,
        o.calon_member, n.id_member as new_id_member, n.username as new_username, n.nama as new_nama,
        n.nomor_identitas as new_nomor_identitas, n.jenis_kelamin as new_jenis_kelamin, n.phone as new_phone, n.email as new_email,
        kd.name as kota_domisili, pd.name as propinsi_domisili
      from orders o
      join members b on b.id = o.member_id
      left join regencies bkd on bkd.code = b.kota_domisili
      left join provinces bpd on bpd.code = b.propinsi_domisili
      left join warehouses g on g.id = o.gudang_id
      left join villages v on v.code = o.kelurahan_kirim_id
      left join districts d on d.code = v.district_code
      left join regencies r on r.code = d.regency_code
      left join provinces p on p.code = r.province_code
      left join members n on n.id = o.new_member_id
      left join regencies kd on kd.code = coalesce(n.kota_domisili, o.calon_member->>'id_kota_domisili')
      left join provinces pd on pd.code = coalesce(n.propinsi_domisili, o.calon_member->>'id_propinsi_domisili')
      where o.id = ${own.id}`),
    selectRows<{ public_id: string; nama: string; harga: string; qty: number; berat: number; value: number; dpp: string }>(db, sql`
      select d.public_id::text as public_id, p.nama, d.harga::text as harga, d.qty, d.berat, d.value, d.dpp::text as dpp
      from order_details d join products p on p.id = d.product_id where d.order_id = ${own.id} order by d.id`),
    selectRows<{ tanggal: string; status: string; id_admin: number | null; admin_nama: string | null; keterangan: string | null }>(db, sql`
      select tanggal::text as tanggal, status, id_admin, admin_nama, keterangan
      from order_histories where order_id = ${own.id} order by tanggal, id`),
  ]);
  const order = o!;
  const invoiced = isInvoiced(order.status_order);
  const calon = order.calon_member ?? {};
  const [courier, service] = (order.ekspedisi ?? '').split('|');
  const transferbca = order.payment_method === 'transferbca' ? await getSetting('transfer_bca') : null;
  const pickupDeadline = order.pickup_store && invoiced && order.tgl_invoice
    ? new Date(Date.parse(order.tgl_invoice) + PICKUP_DAYS * DAY_MS).toISOString() : null;
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
      id_member: order.buyer_id_member, nama: order.buyer_nama, nomor_identitas: order.buyer_nomor_identitas,
      jenis_kelamin: order.buyer_jenis_kelamin, phone: order.buyer_phone, email: order.buyer_email,
      kota_domisili: order.buyer_kota_domisili ? { nama: order.buyer_kota_domisili } : null,
      propinsi_domisili: order.buyer_propinsi_domisili ? { nama: order.buyer_propinsi_domisili } : null,
    },
    // The prospective member of a registration: the created member once paid, the form before.
    member: order.jenis_order === 'reg' ? {
      id_member: order.new_id_member,
      username: order.new_username ?? str(calon.username),
      nama: order.new_nama ?? str(calon.nama),
      nomor_identitas: order.new_nomor_identitas ?? str(calon.nomor_identitas),
      jenis_kelamin: order.new_jenis_kelamin ?? str(calon.jenis_kelamin),
      phone: order.new_phone ?? str(calon.phone),
      email: order.new_email ?? str(calon.email),
      kota_domisili: order.kota_domisili ? { nama: order.kota_domisili } : null,
      propinsi_domisili: order.propinsi_domisili ? { nama: order.propinsi_domisili } : null,
    } : null,
    // spec/001 §3 "Buyer" on every order: the prospective member of a registration, else the ordering member.
    ...buyerFields(order, calon),
    nama_kirim: order.nama_kirim,
    alamat_kirim: order.alamat_kirim,
    phone_kirim: order.phone_kirim,
    kode_pos_kirim: order.kode_pos_kirim,
    kecamatan_kirim: order.kecamatan_kirim ? { nama: order.kecamatan_kirim } : null,
    kota_kirim: order.kota_kirim ? { nama: order.kota_kirim } : null,
    propinsi_kirim: order.propinsi_kirim ? { nama: order.propinsi_kirim } : null,
    alamat_domestic: order.kota_kirim ? {
      kelurahan: order.kelurahan_kirim, kecamatan: order.kecamatan_kirim, kota: order.kota_kirim,
      provinsi: order.propinsi_kirim, kode_pos: order.kode_pos_kirim,
    } : null,
    ekspedisi: order.ekspedisi,
    courier: courier || null,
    service: service || null,
    biaya_kirim: Number(order.biaya_kirim),
    diskon_biaya_kirim: Number(order.diskon_biaya_kirim),
    asuransi_kirim: Number(order.asuransi_kirim),
    no_resi: order.no_resi,
    received_at: order.received_at,
    received_by: order.received_by,
    total_harga: Number(order.total_harga),
    /** 'Biaya Jasa Aplikasi'. */
    biaya_pembayaran: Number(order.biaya_pembayaran),
    total_bayar: Number(order.total_bayar),
    is_ppn: order.is_ppn,
    total_dpp: Number(order.total_dpp),
    total_ppn: Number(order.total_ppn),
    total_berat: order.total_berat || details.reduce((s, d) => s + d.berat * d.qty, 0),
    payment_method: order.payment_method,
    pembayaran: order.pembayaran,
    expires_at: order.status_order === 'PENDING' ? (midtransTime(order.pembayaran?.expired_time) ?? order.expires_at) : null,
    transferbca,
    order_details: details.map((d) => ({
      public_id: d.public_id, barang: { nama: d.nama }, harga: Number(d.harga), qty: d.qty, berat: d.berat, value: d.value,
      subtotal: Number(d.harga) * d.qty,
    })),
    order_histories: histories.map((h) => ({
      tanggal: h.tanggal, status: h.status, id_admin: h.id_admin, admin: h.admin_nama ? { nama: h.admin_nama } : null,
      actor: historyActor(h.id_admin, h.admin_nama), keterangan: h.keterangan,
    })),
    pickup_deadline: pickupDeadline,
    can_pay: canPayNow(order.status_order, order.payment_method),
    auto_pay: autoOpensPayment(order.status_order, order.payment_method),
    can_track: trackable,
    can_mark_done: decideOrder(order.no_order, { status: order.status_order, refunded: order.refunded, pickup: order.pickup_store }, 'done').ok,
  };
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;
