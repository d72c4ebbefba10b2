import { today } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { catalogueRows, scheduledPrices } from '../../db/queries/products';
import { listWarehousesAdmin } from '../../db/queries/warehouses';
import type { Actor } from '../operator/assert-role';
import { getSetting } from '../settings';
import { assertCatalogueReader } from './catalogue-roles';

/**
 * The console's catalogue (/admin/produk): every product with the price in effect today and the
 * prices scheduled after today, its stock over all warehouses; the warehouses and the couriers.
 */
export async function listCatalogue(by: Actor, now: Date = new Date()) {
  assertCatalogueReader(by);
  const db = await getDb();
  const day = today(now);
  const [rows, scheduled, warehouses, couriers] = await Promise.all([
    catalogueRows(db, day),
    scheduledPrices(db, day),
    listWarehousesAdmin(db),
    getSetting('couriers'),
  ]);
  return {
    today: day,
    products: rows.map((row) => ({ ...row, terjadwal: scheduled.filter((v) => v.productId === row.id) })),
    warehouses,
    couriers,
  };
}
