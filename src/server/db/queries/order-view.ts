import { type SQL, sql } from 'drizzle-orm';
import { isUuid, type OrderListQuery, type OrderSortColumn } from '../../../lib/schemas/order-list';
import { type Db, selectPreparedOnce, selectRows, type Tx } from '../client';
import { containsPattern } from '../like';
import { toCount, toRupiah } from '../money';
import { inListOrAll, matchesOrAll } from '../optional-filters';
import { invoiced } from './order-status';

/** The member's own orders: the list (spec/001 §2, §7) and the detail (spec/001 §3). */

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

export interface OrderRow {
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
  total_harga: number;
  total_berat: number;
  total_bayar: number;
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
  biaya_kirim: number;
  diskon_biaya_kirim: number;
  asuransi_kirim: number;
  biaya_pembayaran: number;
  is_ppn: boolean;
  total_dpp: number;
  total_ppn: number;
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

/** The detail's order row with its buyer, prospective member, warehouse and delivery region. */
export async function orderDetailRow(db: Db | Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await selectRows<OrderRow>(
    db,
    sql`
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
      where o.id = ${orderId}`,
  );
  return (
    row && {
      ...row,
      total_harga: toRupiah(row.total_harga),
      total_bayar: toRupiah(row.total_bayar),
      biaya_kirim: toRupiah(row.biaya_kirim),
      diskon_biaya_kirim: toRupiah(row.diskon_biaya_kirim),
      asuransi_kirim: toRupiah(row.asuransi_kirim),
      biaya_pembayaran: toRupiah(row.biaya_pembayaran),
      total_dpp: toRupiah(row.total_dpp),
      total_ppn: toRupiah(row.total_ppn),
    }
  );
}

/** The detail's lines, in order. */
export async function orderDetailLines(db: Db | Tx, orderId: number) {
  const rows = await selectRows<{ public_id: string; nama: string; harga: number; qty: number; berat: number; value: number; dpp: number }>(
    db,
    sql`
      select d.public_id::text as public_id, p.nama, d.harga::text as harga, d.qty, d.berat, d.value, d.dpp::text as dpp
      from order_details d join products p on p.id = d.product_id where d.order_id = ${orderId} order by d.id`,
  );
  return rows.map((row) => ({ ...row, harga: toRupiah(row.harga), dpp: toRupiah(row.dpp) }));
}

/** The order's history, oldest first. */
export function orderHistoryRows(db: Db | Tx, orderId: number) {
  return selectRows<{ tanggal: string; status: string; id_admin: number | null; admin_nama: string | null; keterangan: string | null }>(
    db,
    sql`
      select tanggal::text as tanggal, status, id_admin, admin_nama, keterangan
      from order_histories where order_id = ${orderId} order by tanggal, id`,
  );
}

const sortSql: Record<OrderSortColumn, SQL> = {
  tgl_order: sql`o.tgl_order`,
  no_order: sql`o.no_order`,
  no_invoice: sql`o.no_invoice`,
  jenis_order: sql`o.jenis_order`,
  total_bayar: sql`o.total_bayar`,
  status_order: sql`o.status_order`,
};

export interface ListRow {
  public_id: string;
  no_order: string;
  no_invoice: string | null;
  tgl_order: string;
  tgl_invoice: string | null;
  status_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  total_harga: number;
  total_bayar: number;
  payment_method: string | null;
  pickup_store: boolean;
  member_id_member: string | null;
  member_nama: string | null;
}

/**
 * One page of a member's orders in a date range (Asia/Jakarta days), by status, searched on
 * no_order/no_invoice, optionally only those that registered chosen members (public id or
 * id_member); the total count; and the members this member's registrations created.
 */
export async function memberOrderPage(db: Db | Tx, memberId: number, q: OrderListQuery, optMemberLimit: number) {
  // Prepared, one statement per sort (issue #24): every filter is a parameter that is empty when
  // unused (no status, no pattern, no chosen member), so the same statement serves every filter
  // (optional-filters.ts; the chosen members are two lists, either of which may match).
  const p = sql.placeholder;
  const where = sql`o.member_id = ${p('memberId')}
    and o.tgl_order >= (${p('from')}::date)::timestamp at time zone 'Asia/Jakarta'
    and o.tgl_order < (${p('to')}::date + 1)::timestamp at time zone 'Asia/Jakarta'
    and ${inListOrAll(sql`o.status_order`, 'statuses')}
    and ${matchesOrAll([sql`o.no_order`, sql`o.no_invoice`], 'like')}
    and (not ${p('chosen')}::boolean or o.new_member_id in (select id from members
      where public_id = any(${p('publicIds')}::uuid[]) or id_member = any(${p('idMembers')}::text[])))`;
  const filter = {
    memberId,
    from: q.from,
    to: q.to,
    statuses: q.status,
    like: q.search ? containsPattern(q.search) : null,
    chosen: q.member.length > 0,
    publicIds: q.member.filter(isUuid),
    idMembers: q.member.filter((id) => !isUuid(id)),
  };
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = q.order === 'asc' ? sql`nulls first` : sql`nulls last`;
  const [rows, [count], optMember] = await Promise.all([
    selectPreparedOnce<Omit<ListRow, 'total_harga' | 'total_bayar'> & { total_harga: string; total_bayar: string }>(
      db,
      `member_orders_${q.orderby}_${q.order}`,
      () => sql`
      select o.public_id::text as public_id, o.no_order,
        case when ${invoiced(sql`o.status_order`)} then o.no_invoice end as no_invoice,
        o.tgl_order::text as tgl_order,
        case when ${invoiced(sql`o.status_order`)} then o.tgl_invoice::text end as tgl_invoice,
        o.status_order, o.jenis_order, o.total_harga::text as total_harga, o.total_bayar::text as total_bayar,
        o.payment_method, o.pickup_store,
        n.id_member as member_id_member, coalesce(n.nama, o.calon_member->>'nama') as member_nama
      from orders o left join members n on n.id = o.new_member_id
      where ${where}
      order by ${sortSql[q.orderby]} ${direction} ${nulls}, o.id ${direction}
      limit ${p('limit')} offset ${p('offset')}`,
      { ...filter, limit: q.page_size, offset: (q.page - 1) * q.page_size },
    ),
    selectPreparedOnce<{ n: unknown }>(db, 'member_orders_count', () => sql`select count(*) as n from orders o where ${where}`, filter),
    selectPreparedOnce<{ id: string; id_member: string; nama: string }>(
      db,
      'member_registered',
      () => sql`
      select n.public_id::text as id, n.id_member, n.nama
      from orders o join members n on n.id = o.new_member_id
      where o.member_id = ${p('memberId')} and o.jenis_order = 'reg'
      order by o.tgl_order desc, o.id desc limit ${p('limit')}`,
      { memberId, limit: optMemberLimit },
    ),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, total_harga: toRupiah(r.total_harga), total_bayar: toRupiah(r.total_bayar) })),
    totalCount: toCount(count?.n),
    optMember,
  };
}
