import { addDays, today } from '../../../lib/calendar';
import { tanggal } from '../../../lib/format';
import { rupiah } from '../../../lib/money-format';
import { type PriceForm, PriceFormSchema } from '../../../lib/schemas/produk';
import { inTransaction } from '../../db/client';
import { deletePriceVersion, priceVersionOn, productById, putPriceVersion } from '../../db/queries/products';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Actor } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { assertCatalogueEditor } from './catalogue-roles';
import { PRODUCT_NOT_FOUND } from './get-product-admin';
import { checkedPrice } from './save-product';

export const PRICE_DAY_PAST = 'Tanggal berlaku tidak boleh sebelum hari ini (harga order yang sudah dibuat tidak berubah)';
const PRICE_DAY_FAR = 'Tanggal berlaku paling lambat 2 tahun dari hari ini';
const NO_SCHEDULE = 'Tidak ada harga terjadwal pada tanggal itu';

/**
 * A product's price from a day on (today or later), audited (SUPERADMIN). Orders made before the
 * day keep their lines' prices; orders made on or after it take the new one. A second price for
 * the same day replaces the first.
 */
export async function setProductPrice(by: Actor, id: number, input: PriceForm, now: Date = new Date()): Promise<string> {
  assertCatalogueEditor(by);
  const data = parseWith(PriceFormSchema, input);
  const price = checkedPrice(data);
  const day = today(now);
  if (data.berlaku_mulai < day) throw new AppError('BAD_INPUT', PRICE_DAY_PAST, { berlaku_mulai: PRICE_DAY_PAST });
  if (data.berlaku_mulai > addDays(day, 731)) throw new AppError('BAD_INPUT', PRICE_DAY_FAR, { berlaku_mulai: PRICE_DAY_FAR });
  return inTransaction(async (tx) => {
    const product = await productById(tx, id, day, true);
    if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    const replaced = await priceVersionOn(tx, id, data.berlaku_mulai);
    await putPriceVersion(tx, {
      productId: id,
      berlakuMulai: data.berlaku_mulai,
      harga: price.harga,
      dpp: price.dpp,
      persenPpn: price.persen_ppn,
    });
    const before = replaced
      ? { berlaku_mulai: replaced.berlakuMulai, harga: replaced.harga, dpp: replaced.dpp, persen_ppn: replaced.persenPpn }
      : { berlaku_mulai: null, harga: product.price.harga, dpp: product.price.dpp, persen_ppn: product.price.persenPpn };
    await recordAudit(tx, by, 'produk:harga', `produk:${product.kode}`, before, { berlaku_mulai: data.berlaku_mulai, ...price });
    const when = data.berlaku_mulai === day ? 'mulai hari ini' : `mulai ${tanggal(data.berlaku_mulai)}`;
    return `Harga ${product.kode} ${rupiah(price.harga)} berlaku ${when}`;
  });
}

/** Withdraws a price scheduled after today (one in effect already stays: orders were made with it). */
export async function cancelScheduledPrice(by: Actor, id: number, berlakuMulai: string, now: Date = new Date()): Promise<string> {
  assertCatalogueEditor(by);
  const day = today(now);
  return inTransaction(async (tx) => {
    const product = await productById(tx, id, day, true);
    if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    const version = await priceVersionOn(tx, id, berlakuMulai);
    if (!version || version.berlakuMulai <= day) throw new AppError('NOT_FOUND', NO_SCHEDULE);
    await deletePriceVersion(tx, id, berlakuMulai);
    await recordAudit(
      tx,
      by,
      'produk:harga-batal',
      `produk:${product.kode}`,
      { berlaku_mulai: version.berlakuMulai, harga: version.harga, dpp: version.dpp, persen_ppn: version.persenPpn },
      null,
    );
    return `Harga terjadwal ${product.kode} mulai ${tanggal(berlakuMulai)} dibatalkan`;
  });
}
