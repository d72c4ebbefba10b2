import { fileSizeError, RETUR_FILE_COUNT, type ReturCreateInput, returMessages } from '../../../lib/schemas/retur';
import { inTransaction } from '../../db/client';
import {
  insertReturn,
  insertReturnFile,
  insertReturnHistory,
  insertReturnLine,
  lockReturnableOrder,
  remainingDetails,
} from '../../db/queries/returns';
import { AppError } from '../../errors';
import { deleteFile, type SniffedMedia, saveFile, sniffMedia } from '../../integrations/files';
import { findOwnAddress } from '../address/list-addresses';
import type { SessionMember } from '../auth/session-member';
import { getSetting } from '../settings';

export const RETUR_CREATED = 'Retur berhasil dibuat';
export const RETUR_FILES_AREA = 'retur';
export const ORDER_NOT_RETURNABLE = 'Invoice tidak ditemukan atau tidak dapat diretur';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** Every evidence rule of spec/001 §5 on the bytes themselves: count, type by magic number, size. */
export function checkEvidence(files: UploadedFile[]): SniffedMedia[] {
  if (files.length !== RETUR_FILE_COUNT) throw new AppError('BAD_INPUT', returMessages.files, { files: returMessages.files });
  return files.map((file) => {
    const media = sniffMedia(file.bytes);
    if (!media) throw new AppError('BAD_INPUT', returMessages.fileType, { files: returMessages.fileType });
    const tooBig = fileSizeError(media.kind, file.bytes.byteLength);
    if (tooBig) throw new AppError('BAD_INPUT', tooBig, { files: tooBig });
    return media;
  });
}

/**
 * POST /member/transaction/retur: one return of the member's own returnable order, its lines
 * (each at most what is left of the ordered qty), three evidence files and the PENDING history,
 * in one transaction. The order row is locked so two requests cannot open two returns.
 */
export async function createReturn(
  member: SessionMember,
  input: ReturCreateInput,
  files: UploadedFile[],
): Promise<{ message: string; public_id: string; no_retur: string }> {
  const media = checkEvidence(files);
  const windowDays = Number(await getSetting('retur_window_days'));
  const stored: string[] = [];
  try {
    return await inTransaction(async (tx) => {
      const order = await lockReturnableOrder(tx, member.id, windowDays, input.no_invoice);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_RETURNABLE, { no_invoice: returMessages.invoice });

      const lines = await remainingDetails(tx, [order.id]);
      const seen = new Set<string>();
      const chosen = input.details.map((d, i) => {
        const line = lines.find((l) => l.public_id === d.detail_id.toLowerCase());
        if (!line || seen.has(line.public_id))
          throw new AppError('BAD_INPUT', 'Item tidak ditemukan pada invoice ini', {
            [`details.${i}.qty`]: 'Item tidak ditemukan pada invoice ini',
          });
        seen.add(line.public_id);
        if (d.qty > line.qty)
          throw new AppError('BAD_INPUT', returMessages.max(line.qty), { [`details.${i}.qty`]: returMessages.max(line.qty) });
        return { line, qty: d.qty };
      });

      let shipTo: { nama: string; phone: string; alamat: string; kodePos: string | null; kelurahanId: string | null };
      if (input.same_address) {
        if (!order.alamat_kirim || !order.nama_kirim)
          throw new AppError('BAD_INPUT', returMessages.address, { saved_address: returMessages.address });
        shipTo = {
          nama: order.nama_kirim,
          phone: order.phone_kirim ?? '',
          alamat: order.alamat_kirim,
          kodePos: order.kode_pos_kirim,
          kelurahanId: order.kelurahan_kirim_id,
        };
      } else {
        const address = await findOwnAddress(tx, member, input.saved_address ?? '');
        if (!address) throw new AppError('BAD_INPUT', returMessages.address, { saved_address: returMessages.address });
        shipTo = {
          nama: address.nama,
          phone: address.phone,
          alamat: address.alamat,
          kodePos: address.kode_pos,
          kelurahanId: address.kelurahan_id,
        };
      }

      const retur = await insertReturn(tx, {
        deskripsi: input.deskripsi,
        orderId: order.id,
        memberId: member.id,
        sameAddress: input.same_address,
        shipTo,
      });
      for (const c of chosen) {
        await insertReturnLine(tx, { returId: retur.id, orderDetailId: c.line.id, productId: c.line.product_id, qty: c.qty });
      }
      for (const [i, file] of files.entries()) {
        const name = await saveFile(RETUR_FILES_AREA, file.bytes, media[i]!.ext);
        stored.push(name);
        await insertReturnFile(tx, {
          returId: retur.id,
          memberId: member.id,
          file: name,
          type: media[i]!.kind,
          mime: media[i]!.mime,
          size: file.bytes.byteLength,
        });
      }
      await insertReturnHistory(tx, { returId: retur.id, status: 'PENDING', idAdmin: 0, keterangan: 'Permintaan retur dibuat' });
      return { message: RETUR_CREATED, public_id: retur.public_id, no_retur: retur.no_retur };
    });
  } catch (error) {
    await Promise.all(stored.map((name) => deleteFile(RETUR_FILES_AREA, name)));
    const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.code === '23505' || e.cause?.code === '23505' || /retur_jual_one_open_per_order_uq/.test(`${e.message} ${e.cause?.message}`)) {
      throw new AppError('CONFLICT', 'Invoice ini sudah memiliki retur yang sedang diproses', { no_invoice: returMessages.invoice });
    }
    throw error;
  }
}
