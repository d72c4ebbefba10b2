import { today } from '../../../lib/calendar';
import { inTransaction } from '../../db/client';
import { productById, setProductImages } from '../../db/queries/products';
import { AppError } from '../../errors';
import { deleteFile, saveFile, sniffMedia } from '../../integrations/files';
import type { Actor } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { assertCatalogueEditor } from './catalogue-roles';
import { PRODUCT_NOT_FOUND } from './get-product-admin';

/** Uploaded product pictures live in the private files area 'produk', served publicly by name. */
export const PRODUCT_IMAGE_AREA = 'produk';
export const PRODUCT_IMAGE_URL_PREFIX = '/products/unggah/';
/** A picture of at most 1 MB: the order screens show them on slow phones. */
export const MAX_PRODUCT_IMAGE_BYTES = 1_000_000;
const MAX_IMAGES = 8;

export const PRODUCT_IMAGE_MESSAGES = {
  noImage: 'Pilih gambar produk',
  notImage: 'Gambar produk harus JPG, PNG, WebP atau GIF',
  tooLarge: 'Gambar produk paling besar 1 MB',
  tooMany: `Produk paling banyak punya ${MAX_IMAGES} gambar`,
  notFound: 'Gambar tidak ditemukan pada produk ini',
};

/** Adds an uploaded picture as the product's last (the type read from the bytes); the file goes again if the row cannot change. */
export async function addProductImage(by: Actor, id: number, image: { bytes: Uint8Array } | undefined): Promise<string> {
  assertCatalogueEditor(by);
  const m = PRODUCT_IMAGE_MESSAGES;
  if (!image || image.bytes.length === 0) throw new AppError('BAD_INPUT', m.noImage, { gambar: m.noImage });
  if (image.bytes.length > MAX_PRODUCT_IMAGE_BYTES) throw new AppError('BAD_INPUT', m.tooLarge, { gambar: m.tooLarge });
  const media = sniffMedia(image.bytes);
  if (media?.kind !== 'image') throw new AppError('BAD_INPUT', m.notImage, { gambar: m.notImage });
  const name = await saveFile(PRODUCT_IMAGE_AREA, image.bytes, media.ext);
  try {
    return await inTransaction(async (tx) => {
      const product = await productById(tx, id, today(), true);
      if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
      if (product.gambars.length >= MAX_IMAGES) throw new AppError('BAD_INPUT', m.tooMany, { gambar: m.tooMany });
      const gambars = [...product.gambars, { lokasi: PRODUCT_IMAGE_URL_PREFIX + name }];
      await setProductImages(tx, id, gambars);
      await recordAudit(tx, by, 'produk:gambar', `produk:${product.kode}`, { gambars: product.gambars }, { gambars });
      return `Gambar ditambahkan ke ${product.kode}`;
    });
  } catch (error) {
    await deleteFile(PRODUCT_IMAGE_AREA, name);
    throw error;
  }
}

/** Takes a picture off the product; an uploaded file is removed too, a built-in one (/products/*.svg) stays. */
export async function removeProductImage(by: Actor, id: number, lokasi: string): Promise<string> {
  assertCatalogueEditor(by);
  const message = await inTransaction(async (tx) => {
    const product = await productById(tx, id, today(), true);
    if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    if (!product.gambars.some((g) => g.lokasi === lokasi)) throw new AppError('NOT_FOUND', PRODUCT_IMAGE_MESSAGES.notFound);
    const gambars = product.gambars.filter((g) => g.lokasi !== lokasi);
    await setProductImages(tx, id, gambars);
    await recordAudit(tx, by, 'produk:gambar', `produk:${product.kode}`, { gambars: product.gambars }, { gambars });
    return `Gambar dihapus dari ${product.kode}`;
  });
  if (lokasi.startsWith(PRODUCT_IMAGE_URL_PREFIX)) await deleteFile(PRODUCT_IMAGE_AREA, lokasi.slice(PRODUCT_IMAGE_URL_PREFIX.length));
  return message;
}
