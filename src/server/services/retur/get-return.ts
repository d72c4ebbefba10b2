import { tanggal } from '../../../lib/format';
import type { ReturListQuery } from '../../../lib/schemas/retur';
import { getDb } from '../../db/client';
import {
  memberReturnFile,
  memberReturnHead,
  memberReturnsPage,
  type ReturnHead,
  returnFileByPublicId,
  returnHeadByNo,
  returnParts,
} from '../../db/queries/returns';
import { AppError } from '../../errors';
import { readStoredFile } from '../../integrations/files';
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

/** GET /member/transaction/retur: the member's own returns in the date range, paged and sorted on the server. */
export async function listReturns(member: SessionMember, q: ReturListQuery) {
  const db = await getDb();
  const { rows, total } = await memberReturnsPage(db, member.id, {
    from: q.from,
    to: q.to,
    orderby: q.orderby,
    order: q.order === 'asc' ? 'asc' : 'desc',
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return {
    rows: rows.map(
      (r): ReturRow => ({
        public_id: r.public_id,
        no_retur: r.no_retur,
        tanggal: r.tanggal,
        status: r.status,
        order: { public_id: r.order_public_id, no_order: r.no_order, no_invoice: r.no_invoice },
      }),
    ),
    total_count: total,
    page: q.page,
    page_size: q.page_size,
    // A member sees only their own returns, so no member choice is offered (spec: only when present).
    opt_member: null as { id_member: string; nama: string }[] | null,
  };
}

export interface ReturManifest {
  city_name: string;
  manifest_date: string;
  manifest_time: string;
  manifest_description: string;
}

/** The tracking of a return's shipment back: the DELIVERY/RECEIVED events in its own history (built-in, local). */
function manifestOf(histories: { tanggal: string; status: string; keterangan: string | null }[]): ReturManifest[] {
  return histories
    .filter((h) => (h.status === 'DELIVERY' || h.status === 'RECEIVED') && h.keterangan?.includes('|'))
    .map((h) => {
      const [city, ...rest] = h.keterangan!.split('|');
      // The same clock as every other date on the page (lib/format.ts).
      return {
        city_name: city!,
        manifest_date: tanggal(h.tanggal, 'YYYY-MM-DD'),
        manifest_time: tanggal(h.tanggal, 'HH:mm'),
        manifest_description: rest.join('|'),
      };
    });
}

/** One of the member's own returns with its lines, files, history (with actors) and tracking; others are not found. */
export async function getReturn(member: SessionMember, publicId: string) {
  if (!isUuid(publicId)) throw new AppError('NOT_FOUND', RETUR_NOT_FOUND);
  const db = await getDb();
  const { buyer: _buyer, ...detail } = await loadReturn(db, await memberReturnHead(db, member.id, publicId));
  return detail;
}
export type ReturDetail = Awaited<ReturnType<typeof getReturn>>;

/** The operator's view of any return (console, GUDANG): the same detail, its buyer, evidence served under /admin. */
export async function getReturnForOperator(noRetur: string) {
  const db = await getDb();
  const detail = await loadReturn(db, await returnHeadByNo(db, noRetur.trim().slice(0, 40)));
  return { ...detail, retur_jual_files: detail.retur_jual_files.map((f) => ({ ...f, file: `/admin/retur/file/${f.public_id}` })) };
}

async function loadReturn(db: Awaited<ReturnType<typeof getDb>>, r: ReturnHead | undefined) {
  if (!r) throw new AppError('NOT_FOUND', RETUR_NOT_FOUND);
  const { details, files, histories } = await returnParts(db, r.id);
  const { id: _id, order_public_id, no_order, no_invoice, kirim_ulang_public_id, kirim_ulang_no_invoice, buyer, id_member, ...rest } = r;
  return {
    ...rest,
    buyer: { nama: buyer, id_member },
    order: { public_id: order_public_id, no_order, no_invoice },
    kirim_ulang: kirim_ulang_public_id ? { public_id: kirim_ulang_public_id, no_invoice: kirim_ulang_no_invoice } : null,
    retur_jual_details: details.map((d) => ({
      qty: d.qty,
      order_detail_id: d.detail_public_id,
      barang: { public_id: d.public_id, nama: d.nama },
    })),
    retur_jual_files: files.map((f) => ({
      public_id: f.public_id,
      file: `/member/transaction/retur/file/${f.public_id}`,
      type: f.type,
      mime: f.mime,
      size: f.size,
    })),
    // The history starts with PENDING by the buyer; later the member ('Member', DELIVERY) or the admin by name (spec/001 §4).
    retur_jual_histories: histories.map((h) => ({
      tanggal: h.tanggal,
      status: h.status,
      id_admin: h.id_admin,
      admin: h.admin_nama ? { nama: h.admin_nama } : null,
      keterangan: h.keterangan,
      actor: h.id_admin === 0 ? (h.status === 'PENDING' ? buyer : 'Member') : (h.admin_nama ?? 'System'),
    })),
    manifest: manifestOf(histories),
  };
}

/** The bytes of one evidence file, for its owner only: anyone else gets not found, as if it did not exist. */
export async function readReturnFile(member: SessionMember, filePublicId: string): Promise<{ bytes: Buffer; mime: string }> {
  if (!isUuid(filePublicId)) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  const db = await getDb();
  const file = await memberReturnFile(db, member.id, filePublicId);
  const bytes = file ? await readStoredFile(RETUR_FILES_AREA, file.file) : undefined;
  if (!file || !bytes) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  return { bytes, mime: file.mime };
}

/** The bytes of any evidence file, for the console's return detail (the page's role check has already run). */
export async function readReturnFileForOperator(filePublicId: string): Promise<{ bytes: Buffer; mime: string }> {
  if (!isUuid(filePublicId)) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  const db = await getDb();
  const file = await returnFileByPublicId(db, filePublicId);
  const bytes = file ? await readStoredFile(RETUR_FILES_AREA, file.file) : undefined;
  if (!file || !bytes) throw new AppError('NOT_FOUND', 'File tidak ditemukan');
  return { bytes, mime: file.mime };
}
