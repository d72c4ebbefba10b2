import { today } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { priceVersions, productById } from '../../db/queries/products';
import { AppError } from '../../errors';
import type { Actor } from '../operator/assert-role';
import { assertCatalogueReader } from './catalogue-roles';

export const PRODUCT_NOT_FOUND = 'Produk tidak ditemukan';

/** One product for its console page: its data, the price in effect today and every price version. */
export async function getProductAdmin(by: Actor, id: number, now: Date = new Date()) {
  assertCatalogueReader(by);
  const db = await getDb();
  const day = today(now);
  const product = await productById(db, id, day);
  if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  return { today: day, product, versions: await priceVersions(db, id) };
}
