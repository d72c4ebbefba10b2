import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';

export const GUDANG_STOCK_ONLY =
  'GUDANG hanya boleh mengubah stok produk (halaman Stok); data, harga dan gambar produk diubah oleh SUPERADMIN';

/** Who may open the catalogue: GUDANG (to reach the stock) and SUPERADMIN. */
export const assertCatalogueReader = (by: Actor): void => assertRole(by, ['GUDANG']);

/** Who may change a product's data, price, pictures or a warehouse: SUPERADMIN only; GUDANG is told where its stock is. */
export function assertCatalogueEditor(by: Actor): void {
  if (by.role === 'GUDANG') throw new AppError('FORBIDDEN', GUDANG_STOCK_ONLY);
  assertRole(by, []);
}
