import { sql, type SQL } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { readStoredFile } from '../../integrations/files';
import { tanggal } from '../../../lib/format';
import type { ReturListQuery } from '../../../lib/schemas/retur';
import type { SessionMember } from '../auth/session-member';
import { RETUR_FILES_AREA } from './create-return';

export const RETUR_NOT_FOUND = 'Retur tidak ditemukan';
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export interface ReturRow {
  public_id: string;
  no_retur: string;
  tanggal: string;
  status: string;
  order: { public_id: string; no_order: string; no_invoice: string | null };
}

const sortColumns = { tanggal: sql`r.tanggal`, no_order: sql`o.no_order`, no_retur: sql`r.no_retur`, status: sql`r.status` } as const;

/** GET /member/transaction/retur: the member's own returns in the date range, paged and sorted on the server. */
export async function listReturns(member: SessionMember, q: ReturListQuery) {
  const db = await getDb();
  const where = sql`r.member_id = ${member.id}
    and r.tanggal >= (${q.from}::date)::timestamp at time zone 'Asia/Jakarta' and r.tanggal < (${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta'`;
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const [rows, [count]] = await Promise.all([
    selectRows<{ public_id: string; no_retur: string; tanggal: string; status: string; order_public_id: string; no_order: string; no_invoice: string | null }>(db, sql`
      select r.public_id::text as public_id, r.no_retur, r.tanggal::text as tanggal, r.status,
        o.public_id::text as order_public_id, o.no_order, o.no_invoice
      from retur_jual r join orders o on o.id = r.order_id
      where ${where} order by ${sortColumns[q.orderby]} ${direction}, r.id ${direction}
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from retur_jual r where ${where}`),
  ]);
  return {
    rows: rows.map((r): ReturRow => ({
      public_id: r.public_id, no_retur: r.no_retur, tanggal: r.tanggal, status: r.status,
      order: { public_id: r.order_public_id, no_order: r.no_order, no_invoice: r.no_invoice },
    })),
    total_count: count?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
    // A member sees only their own returns, so no member choice is offered (spec: only when present).
    opt_member: null as { id_member: string; nama: string }[] | null,
  };
}

export interface ReturManifest { city_name: string; manifest_date: string; manifest_time: string; manifest_description: string }

/** The tracking of a return's shipment back: the DELIVERY/RECEIVED events in its own history (built-in, local). */
function manifestOf(histories: { tanggal: string; status: string; keterangan: string | null }[]): ReturManifest[] {
  return histories.filter((h) => (h.status === 'DELIVERY' || h.status === 'RECEIVED') && h.keterangan?.includes('|')).map((h) => {
    const [city, ...rest] = h.keterangan!.split('|');
    // The same clock as every other date on the page (lib/format.ts).
    return { city_name: city!, manifest_date: tanggal(h.tanggal, 'YYYY-MM-DD'), manifest_time: tanggal(h.tanggal, 'HH:mm'), manifest_description: rest.join('|') };
  });
}

/** One of the member's own returns with its lines, files, history (with actors) and tracking; others are not found. */
export async function getReturn(member: SessionMember, publicId: string) {
  if (!isUuid(publicId)) throw new AppError('NOT_FOUND', RETUR_NOT_FOUND);
  const { buyer: _buyer, ...detail } = await loadReturn(sql`r.public_id = ${publicId}::uuid and r.member_id = ${member.id}`);
  return detail;
}
export type ReturDetail = Awaited<ReturnType<typeof getReturn>>;

/** The operator's view of any return (console, GUDANG): the same detail, its buyer, evidence served under /admin. */
export async function getReturnForOperator(noRetur: string) {
  const detail = await loadReturn(sql`r.no_retur = ${noRetur.trim().slice(0, 40)}`);
  return { ...detail, retur_jual_files: detail.retur_jual_files.map((f) => ({ ...f, file: `/admin/retur/file/${f.public_id}` })) };
}

async function loadReturn(where: SQL) {
  const db = await getDb();
  const [r] = await selectRows<{
    id: number; public_id: string; no_retur: string; tanggal: string; status: string; alasan_ditolak: string | null; deskripsi: string;
    order_public_id: string; no_order: string; no_invoice: string | null; kirim_ulang_public_id: string | null; kirim_ulang_no_invoice: string | null;
    no_resi: string | null; ekspedisi: string | null; same_address: string; nama_kirim: string; phone_kirim: string; alamat_kirim: string;
    kode_pos_kirim: string | null; kecamatan: string | null; kota: string | null; propinsi: string | null; buyer: string; id_member: string;
  }>(db, sql`
    select r.id::int as id, r.public_id::text as public_id, r.no_retur, r.tanggal::text as tanggal, r.status, r.alasan_ditolak, r.deskripsi,
      o.public_id::text as order_public_id, o.no_order, o.no_invoice, k.public_id::text as kirim_ulang_public_id, k.no_invoice as kirim_ulang_no_invoice,
      r.no_resi, r.ekspedisi, r.same_address, r.nama_kirim, r.phone_kirim, r.alamat_kirim, r.kode_pos_kirim, r.kecamatan, r.kota, r.propinsi,
      m.nama as buyer, m.id_member
    from retur_jual r join orders o on o.id = r.order_id join members m on m.id = r.member_id left join orders k on k.id = r.kirim_ulang_id
    where ${where}`);
  if (!r) throw new AppError('NOT_FOUND', RETUR_NOT_FOUND);
  const [details, files, histories] = await Promise.all([
    selectRows<{ qty: number; public_id: string; nama: string; detail_public_id: string }>(db, sql`
      select rd.qty, p.public_id::text as public_id, p.nama, d.public_id::text as detail_public_id
      from retur_jual_details rd join products p on p.id = rd.product_id join order_details d on d.id = rd.order_detail_id
      where rd.retur_id = ${r.id} order by rd.id`),
    selectRows<{ public_id: string; type: 'image' | 'video'; mime: string; size: number }>(db, sql`
      select public_id::text as public_id, type, mime, size from retur_jual_files where retur_id = ${r.id} order by id`),
    selectRows<{ tanggal: string; status: string; id_admin: number; admin_nama: string | null; keterangan: string | null }>(db, sql`
      select tanggal::text as tanggal, status, id_admin, admin_nama, keterangan from retur_jual_histories where retur_id = ${r.id} order by tanggal, id`),
  ]);
  const { id: _id, order_public_id, no_order, no_invoice, kirim_ulang_public_id, kirim_ulang_no_invoice, buyer, id_member, ...rest } = r;
  return {
    ...rest,
    buyer: { nama: buyer, id_member },
    order: { public_id: order_public_id, no_order, no_invoice },
    kirim_ulang: kirim_ulang_public_id ? { public_id: kirim_ulang_public_id, no_invoice: kirim_ulang_no_invoice } : null,
    retur_jual_details: details.map((d) => ({ qty: d.qty, order_detail_id: d.detail_public_id, barang: { public_id: d.public_id, nama: d.nama } })),
    retur_jual_files: files.map((f) => ({ public_id: f.public_id, file: `/member/transaction/retur/file/${f.public_id}`, type: f.type, mime: f.mime, size: f.size })),
    // The history starts with PENDING by the buyer; later the member ('Member', DELIVERY) or the admin by name (spec/001 §4).
    retur_jual_histories: histories.map((h) => ({
      tanggal: h.tanggal, status: h.status, id_admin: h.id_admin, admin: h.admin_nama ? { nama: h.admin_nama } : null, keterangan: h.keterangan,
      actor: h.id_admin === 0 ? (h.status === 'PENDING' ? buyer : 'Member') : (h.admin_nama ?? 'System'),
    })),
    manifest: manifestOf(histories),
  };
}

/** The bytes of one evidence file, for its owner only: anyone else gets not found, as if it did not exist. */
export async function readReturnFile(member: SessionMember, filePublicId: string): Promise<{ bytes: Buffer; mime: string }> {
  if (!isUuid(filePublicId)) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  const db = await getDb();
  const [file] = await selectRows<{ file: string; mime: string }>(db, sql`
    select f.file, f.mime from retur_jual_files f join retur_jual r on r.id = f.retur_id
    where f.public_id = ${filePublicId}::uuid and f.member_id = ${member.id} and r.member_id = ${member.id}`);
  const bytes = file ? await readStoredFile(RETUR_FILES_AREA, file.file) : undefined;
  if (!file || !bytes) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  return { bytes, mime: file.mime };
}

/** The bytes of any evidence file, for the console's return detail (the page's role check has already run). */
export async function readReturnFileForOperator(filePublicId: string): Promise<{ bytes: Buffer; mime: string }> {
  if (!isUuid(filePublicId)) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  const db = await getDb();
  const [file] = await selectRows<{ file: string; mime: string }>(db, sql`select file, mime from retur_jual_files where public_id = ${filePublicId}::uuid`);
  const bytes = file ? await readStoredFile(RETUR_FILES_AREA, file.file) : undefined;
  if (!file || !bytes) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  return { bytes, mime: file.mime };
}
