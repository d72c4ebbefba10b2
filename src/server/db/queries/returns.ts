import { and, desc, eq, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../bulk-insert';
import { type Db, selectPreparedOnce, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { members, orders, type ReturStatus, returJual, returJualDetails, returJualFiles, returJualHistories } from '../schema';

/**
 * Orders that may be returned: RECEIVED or DONE, invoiced within the window, not refunded in full
 * (its money is back already), no open return (alias o).
 */
const returnableWhere = (memberId: number | Placeholder, windowDays: number | Placeholder) => sql`
  o.member_id = ${memberId} and o.status_order in ('RECEIVED', 'DONE') and o.no_invoice is not null and o.refunded_at is null
  and coalesce(o.received_at, o.tgl_invoice) >= now() - make_interval(days => ${windowDays}::int)
  and not exists (select 1 from retur_jual r where r.order_id = o.id and r.status not in ('DONE', 'REJECTED'))`;

export interface RemainingDetail {
  id: number;
  order_id: number;
  public_id: string;
  product_id: number;
  qty_order: number;
  /** What may still be returned: ordered minus already returned in returns not rejected. */
  qty: number;
  berat: number;
  barang_public_id: string;
  nama: string;
}

/** Lines of the given orders with what is left to return (returns not rejected and lines refunded count as taken). */
export async function remainingDetails(db: Db | Tx, orderIds: number[]): Promise<RemainingDetail[]> {
  if (orderIds.length === 0) return [];
  // Prepared, the orders as one array parameter (the returns page, issue #24).
  const rows = await selectPreparedOnce<
    Omit<RemainingDetail, 'qty' | 'qty_order' | 'berat'> & { qty: unknown; qty_order: unknown; berat: unknown }
  >(
    db,
    'remaining_details',
    () => sql`
    select d.id::int as id, d.order_id::int as order_id, d.public_id::text as public_id, d.product_id::int as product_id, d.qty as qty_order,
      d.qty - coalesce((select sum(rd.qty) from retur_jual_details rd join retur_jual r on r.id = rd.retur_id
                         where rd.order_detail_id = d.id and r.status <> 'REJECTED'), 0)
        - coalesce((select sum(rl.qty) from order_refund_lines rl where rl.order_detail_id = d.id), 0) as qty,
      d.berat, p.public_id::text as barang_public_id, p.nama
    from order_details d join products p on p.id = d.product_id
    where d.order_id = any(${sql.placeholder('orderIds')}::int8[])
    order by d.order_id, d.id`,
    { orderIds: arrayLiteral(orderIds) },
  );
  return rows.map((r) => ({ ...r, qty: toCount(r.qty), qty_order: toCount(r.qty_order), berat: toCount(r.berat) }));
}

export interface ReturnableOrderRow {
  id: number;
  public_id: string;
  no_invoice: string;
  no_order: string;
  tgl_invoice: string;
  status_order: string;
  nama_kirim: string | null;
  phone_kirim: string | null;
  alamat_kirim: string | null;
  kode_pos_kirim: string | null;
  kecamatan: string | null;
  kota: string | null;
  propinsi: string | null;
}

/** The member's returnable orders (newest invoice first, at most 50) with their ship-to region. */
export async function returnableOrders(db: Db | Tx, memberId: number, windowDays: number): Promise<ReturnableOrderRow[]> {
  return selectPreparedOnce<ReturnableOrderRow>(
    db,
    'returnable_orders',
    () => sql`
    select o.id::int as id, o.public_id::text as public_id, o.no_invoice, o.no_order, o.tgl_invoice::text as tgl_invoice, o.status_order,
      o.nama_kirim, o.phone_kirim, o.alamat_kirim, o.kode_pos_kirim, d.name as kecamatan, g.name as kota, p.name as propinsi
    from orders o
    left join villages v on v.code = o.kelurahan_kirim_id
    left join districts d on d.code = v.district_code
    left join regencies g on g.code = d.regency_code
    left join provinces p on p.code = g.province_code
    where ${returnableWhere(sql.placeholder('memberId'), sql.placeholder('windowDays'))}
    order by o.tgl_invoice desc, o.id desc limit 50`,
    { memberId, windowDays },
  );
}

/** The member's returnable order of an invoice number, locked (two requests cannot open two returns). */
export async function lockReturnableOrder(tx: Db | Tx, memberId: number, windowDays: number, noInvoice: string) {
  const [order] = await selectRows<{
    id: number;
    nama_kirim: string | null;
    phone_kirim: string | null;
    alamat_kirim: string | null;
    kode_pos_kirim: string | null;
    kelurahan_kirim_id: string | null;
  }>(
    tx,
    sql`
    select o.id::int as id, o.nama_kirim, o.phone_kirim, o.alamat_kirim, o.kode_pos_kirim, o.kelurahan_kirim_id
    from orders o where o.no_invoice = ${noInvoice} and ${returnableWhere(memberId, windowDays)} for update`,
  );
  return order;
}

export interface NewReturn {
  deskripsi: string;
  orderId: number;
  memberId: number;
  sameAddress: boolean;
  shipTo: { nama: string; phone: string; alamat: string; kodePos: string | null; kelurahanId: string | null };
}

/**
 * A new return with its region names from the ship-to village, numbered
 * RTR-YYYYMMDD-0000123 from its id and its day (Asia/Jakarta).
 */
export async function insertReturn(tx: Db | Tx, r: NewReturn): Promise<{ id: number; public_id: string; no_retur: string }> {
  const [retur] = await selectRows<{ id: number; public_id: string }>(
    tx,
    sql`
    with region as (
      select d.name as kecamatan, g.name as kota, p.name as propinsi from villages v
      join districts d on d.code = v.district_code join regencies g on g.code = d.regency_code join provinces p on p.code = g.province_code
      where v.code = ${r.shipTo.kelurahanId})
    insert into retur_jual (no_retur, deskripsi, order_id, member_id, same_address, nama_kirim, phone_kirim, alamat_kirim, kode_pos_kirim,
      kelurahan_kirim_id, kecamatan, kota, propinsi)
    values ('RTR-' || gen_random_uuid()::text, ${r.deskripsi}, ${r.orderId}, ${r.memberId}, ${r.sameAddress ? 'Y' : 'N'}, ${r.shipTo.nama},
      ${r.shipTo.phone}, ${r.shipTo.alamat}, ${r.shipTo.kodePos}, ${r.shipTo.kelurahanId},
      (select kecamatan from region), (select kota from region), (select propinsi from region))
    returning id::int as id, public_id::text as public_id`,
  );
  const [numbered] = await selectRows<{ no_retur: string }>(
    tx,
    sql`
    update retur_jual set no_retur = 'RTR-' || to_char(tanggal at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
    where id = ${retur!.id} returning no_retur`,
  );
  return { id: retur!.id, public_id: retur!.public_id, no_retur: numbered!.no_retur };
}

export async function insertReturnLine(
  tx: Db | Tx,
  line: { returId: number; orderDetailId: number; productId: number; qty: number },
): Promise<void> {
  await tx.insert(returJualDetails).values(line);
}

export async function insertReturnFile(
  tx: Db | Tx,
  file: { returId: number; memberId: number; file: string; type: 'image' | 'video'; mime: string; size: number },
): Promise<void> {
  await tx.insert(returJualFiles).values(file);
}

export async function insertReturnHistory(
  tx: Db | Tx,
  row: { returId: number; status: string; idAdmin: number; adminNama?: string | null; keterangan?: string | null },
): Promise<void> {
  await tx.insert(returJualHistories).values({ ...row, adminNama: row.adminNama ?? null, keterangan: row.keterangan ?? null });
}

/** The fields a transition carries with the new status (reason, waybill, replacement order). */
export interface ReturnFields {
  alasanDitolak?: string;
  ekspedisi?: string;
  noResi?: string;
  kirimUlangId?: number;
}

export async function setReturnStatus(tx: Db | Tx, id: number, status: ReturStatus, fields: ReturnFields = {}): Promise<void> {
  await tx
    .update(returJual)
    .set({ status, ...fields, updatedAt: sql`now()` })
    .where(eq(returJual.id, id));
}

/** A return by its number, locked. */
export async function lockReturnByNo(tx: Db | Tx, noRetur: string) {
  const [row] = await tx
    .select({ id: returJual.id, no_retur: returJual.noRetur, status: returJual.status })
    .from(returJual)
    .where(eq(returJual.noRetur, noRetur))
    .for('update');
  return row;
}

/** The member's own return by public_id (a uuid), locked. */
export async function lockMemberReturn(tx: Db | Tx, memberId: number, publicId: string) {
  const [row] = await tx
    .select({ id: returJual.id, no_retur: returJual.noRetur, status: returJual.status, kota: returJual.kota })
    .from(returJual)
    .where(and(eq(returJual.publicId, publicId), eq(returJual.memberId, memberId)))
    .for('update');
  return row;
}

export interface MemberReturnRow {
  public_id: string;
  no_retur: string;
  tanggal: string;
  status: string;
  order_public_id: string;
  no_order: string;
  no_invoice: string | null;
}

const sortColumns = { tanggal: sql`r.tanggal`, no_order: sql`o.no_order`, no_retur: sql`r.no_retur`, status: sql`r.status` } as const;

/** The member's returns dated in [from, to] (Asia/Jakarta days), one page in the given order, and how many in all. */
export async function memberReturnsPage(
  db: Db | Tx,
  memberId: number,
  q: { from: string; to: string; orderby: keyof typeof sortColumns; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: MemberReturnRow[]; total: number }> {
  // Prepared, one statement per order (the returns page, issue #24).
  const where = sql`r.member_id = ${sql.placeholder('memberId')}
    and r.tanggal >= (${sql.placeholder('from')}::date)::timestamp at time zone 'Asia/Jakarta'
    and r.tanggal < (${sql.placeholder('to')}::date + 1)::timestamp at time zone 'Asia/Jakarta'`;
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const range = { memberId, from: q.from, to: q.to };
  const [rows, [count]] = await Promise.all([
    selectPreparedOnce<MemberReturnRow>(
      db,
      `member_returns_${q.orderby}_${q.order}`,
      () => sql`
      select r.public_id::text as public_id, r.no_retur, r.tanggal::text as tanggal, r.status,
        o.public_id::text as order_public_id, o.no_order, o.no_invoice
      from retur_jual r join orders o on o.id = r.order_id
      where ${where} order by ${sortColumns[q.orderby]} ${direction}, r.id ${direction}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
      { ...range, limit: q.limit, offset: q.offset },
    ),
    selectPreparedOnce<{ n: unknown }>(db, 'member_returns_count', () => sql`select count(*) as n from retur_jual r where ${where}`, range),
  ]);
  return { rows, total: toCount(count?.n) };
}

export interface ReturnHead {
  id: number;
  public_id: string;
  no_retur: string;
  tanggal: string;
  status: string;
  alasan_ditolak: string | null;
  deskripsi: string;
  order_public_id: string;
  no_order: string;
  no_invoice: string | null;
  kirim_ulang_public_id: string | null;
  kirim_ulang_no_invoice: string | null;
  no_resi: string | null;
  ekspedisi: string | null;
  same_address: string;
  nama_kirim: string;
  phone_kirim: string;
  alamat_kirim: string;
  kode_pos_kirim: string | null;
  kecamatan: string | null;
  kota: string | null;
  propinsi: string | null;
  buyer: string;
  id_member: string;
}

async function returnHead(db: Db | Tx, where: SQL): Promise<ReturnHead | undefined> {
  const [r] = await selectRows<ReturnHead>(
    db,
    sql`
    select r.id::int as id, r.public_id::text as public_id, r.no_retur, r.tanggal::text as tanggal, r.status, r.alasan_ditolak, r.deskripsi,
      o.public_id::text as order_public_id, o.no_order, o.no_invoice, k.public_id::text as kirim_ulang_public_id, k.no_invoice as kirim_ulang_no_invoice,
      r.no_resi, r.ekspedisi, r.same_address, r.nama_kirim, r.phone_kirim, r.alamat_kirim, r.kode_pos_kirim, r.kecamatan, r.kota, r.propinsi,
      m.nama as buyer, m.id_member
    from retur_jual r join orders o on o.id = r.order_id join members m on m.id = r.member_id left join orders k on k.id = r.kirim_ulang_id
    where ${where}`,
  );
  return r;
}

/** The member's own return (by public_id, a uuid) with its order, replacement and buyer. */
export const memberReturnHead = (db: Db | Tx, memberId: number, publicId: string) =>
  returnHead(db, sql`r.public_id = ${publicId}::uuid and r.member_id = ${memberId}`);

/** Any return by its number (the console). */
export const returnHeadByNo = (db: Db | Tx, noRetur: string) => returnHead(db, sql`r.no_retur = ${noRetur}`);

/** A return's lines, evidence files and history, in their order. */
export async function returnParts(db: Db | Tx, returId: number) {
  const [details, files, histories] = await Promise.all([
    selectRows<{ qty: number; public_id: string; nama: string; detail_public_id: string }>(
      db,
      sql`
      select rd.qty, p.public_id::text as public_id, p.nama, d.public_id::text as detail_public_id
      from retur_jual_details rd join products p on p.id = rd.product_id join order_details d on d.id = rd.order_detail_id
      where rd.retur_id = ${returId} order by rd.id`,
    ),
    selectRows<{ public_id: string; type: 'image' | 'video'; mime: string; size: number }>(
      db,
      sql`
      select public_id::text as public_id, type, mime, size from retur_jual_files where retur_id = ${returId} order by id`,
    ),
    selectRows<{ tanggal: string; status: string; id_admin: number; admin_nama: string | null; keterangan: string | null }>(
      db,
      sql`
      select tanggal::text as tanggal, status, id_admin, admin_nama, keterangan from retur_jual_histories where retur_id = ${returId} order by tanggal, id`,
    ),
  ]);
  return { details, files, histories };
}

/** An evidence file (by public_id, a uuid) of the member's own return. */
export async function memberReturnFile(
  db: Db | Tx,
  memberId: number,
  filePublicId: string,
): Promise<{ file: string; mime: string } | undefined> {
  const [file] = await selectRows<{ file: string; mime: string }>(
    db,
    sql`
    select f.file, f.mime from retur_jual_files f join retur_jual r on r.id = f.retur_id
    where f.public_id = ${filePublicId}::uuid and f.member_id = ${memberId} and r.member_id = ${memberId}`,
  );
  return file;
}

/** Any evidence file by public_id (a uuid). */
export async function returnFileByPublicId(db: Db | Tx, filePublicId: string): Promise<{ file: string; mime: string } | undefined> {
  const [file] = await selectRows<{ file: string; mime: string }>(
    db,
    sql`select file, mime from retur_jual_files where public_id = ${filePublicId}::uuid`,
  );
  return file;
}

/**
 * The replacement (kirim ulang) of a finished return: a PAID repeat order of the returned
 * quantities for the same member, shipped to the return's address, with total 0 and BV 0 (so it
 * never feeds bonuses or turnover), numbered like every order, with its PENDING and PAID history.
 */
export async function insertReplacementOrder(
  tx: Db | Tx,
  returId: number,
  admin: { id: number | null; nama: string },
  noRetur: string,
): Promise<{ id: number; no_invoice: string }> {
  const [order] = await selectRows<{ id: number }>(
    tx,
    sql`
    insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga,
      total_berat, pickup_store, gudang_id, nama_kirim, phone_kirim, alamat_kirim, kode_pos_kirim, kelurahan_kirim_id, ekspedisi,
      biaya_kirim, total_bayar, is_ppn, total_dpp, total_ppn)
    select 'TMP-' || gen_random_uuid()::text, 'TMP-' || gen_random_uuid()::text, r.member_id, 'ro', 'PAID', now(), now(), now(), 0, 0,
      coalesce((select sum(d.berat * rd.qty) from retur_jual_details rd join order_details d on d.id = rd.order_detail_id where rd.retur_id = r.id), 0)::int,
      false, o.gudang_id, r.nama_kirim, r.phone_kirim, r.alamat_kirim, r.kode_pos_kirim, r.kelurahan_kirim_id, o.ekspedisi,
      0, 0, false, 0, 0
    from retur_jual r join orders o on o.id = r.order_id where r.id = ${returId}
    returning id::int as id`,
  );
  const [numbered] = await selectRows<{ no_invoice: string }>(
    tx,
    sql`
    update orders set no_order = 'ORD-' || to_char(tgl_order at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0'),
      no_invoice = 'INV-' || to_char(tgl_order at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
    where id = ${order!.id} returning no_invoice`,
  );
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

/** The console's returns of one status, newest first; `term` an escaped ilike pattern over return/order number and member. */
export async function returnsOfStatus(db: Db | Tx, status: ReturStatus, term: string | undefined, limit: number) {
  return db
    .select({
      noRetur: returJual.noRetur,
      tanggal: returJual.tanggal,
      status: returJual.status,
      deskripsi: returJual.deskripsi,
      noResi: returJual.noResi,
      noOrder: orders.noOrder,
      idMember: members.idMember,
      nama: members.nama,
    })
    .from(returJual)
    .innerJoin(orders, eq(orders.id, returJual.orderId))
    .innerJoin(members, eq(members.id, returJual.memberId))
    .where(
      and(
        eq(returJual.status, status),
        term
          ? or(ilike(returJual.noRetur, term), ilike(orders.noOrder, term), ilike(members.idMember, term), ilike(members.nama, term))
          : undefined,
      ),
    )
    .orderBy(desc(returJual.tanggal), desc(returJual.id))
    .limit(limit);
}
