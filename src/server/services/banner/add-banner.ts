import { type BannerForm, BannerFormSchema } from '../../../lib/schemas/konten';
import { inTransaction } from '../../db/client';
import { insertBanner, lastBannerNumber } from '../../db/queries/banners';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { deleteFile, saveFile, sniffMedia } from '../../integrations/files';
import { forgetDashboardContent } from '../dashboard/shared-content';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { BANNER_AREA, BANNER_URL_PREFIX, MAX_BANNER_BYTES, MEMBER_BANNER_GROUP } from './banner-images';

export const BANNER_MESSAGES = {
  noImage: 'Pilih gambar banner',
  notImage: 'Banner harus gambar JPG, PNG, WebP atau GIF',
  tooLarge: 'Gambar banner paling besar 1 MB',
};

/**
 * Adds an uploaded image as the last banner of the member carousel (switched on). The type is
 * read from the bytes, never the name; the file is removed again if the row cannot be written.
 */
export async function addBanner(input: BannerForm, image: { bytes: Uint8Array } | undefined, by: Actor): Promise<{ id: number }> {
  assertRole(by, ['KONTEN']);
  const data = parseWith(BannerFormSchema, input);
  if (!image || image.bytes.length === 0) throw new AppError('BAD_INPUT', BANNER_MESSAGES.noImage, { gambar: BANNER_MESSAGES.noImage });
  if (image.bytes.length > MAX_BANNER_BYTES)
    throw new AppError('BAD_INPUT', BANNER_MESSAGES.tooLarge, { gambar: BANNER_MESSAGES.tooLarge });
  const media = sniffMedia(image.bytes);
  if (media?.kind !== 'image') throw new AppError('BAD_INPUT', BANNER_MESSAGES.notImage, { gambar: BANNER_MESSAGES.notImage });
  const name = await saveFile(BANNER_AREA, image.bytes, media.ext);
  try {
    const row = await inTransaction(async (tx) => {
      const last = await lastBannerNumber(tx, MEMBER_BANNER_GROUP);
      const inserted = await insertBanner(tx, {
        groupName: MEMBER_BANNER_GROUP,
        nama: data.nama,
        url: BANNER_URL_PREFIX + name,
        link: data.link || null,
        description: data.description || null,
        number: last + 1,
      });
      await recordAudit(tx, by, 'banner:create', `banner:${inserted.id}`, null, inserted);
      return inserted;
    });
    forgetDashboardContent();
    return { id: row.id };
  } catch (error) {
    await deleteFile(BANNER_AREA, name);
    throw error;
  }
}
