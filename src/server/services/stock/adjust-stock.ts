import { type AdjustStock, adjustStockSchema } from '../../../lib/schemas/stock';
import { inTransaction } from '../../db/client';
import { insertStockMovement, lockStockQty, setStockQty, stockPlace } from '../../db/queries/stock';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';

/**
 * An operator corrects the stock of one product in one warehouse by a signed amount, with a reason:
 * the count, its history row and the audit row change together, with the stock row locked so an
 * order placed at the same moment is counted once. The count never goes below zero.
 */
export async function adjustStock(by: Actor, input: AdjustStock): Promise<{ message: string; qty: number }> {
  assertRole(by, ['GUDANG']);
  const parsed = adjustStockSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]!.message);
  const { warehouse_id, product_id, perubahan, alasan } = parsed.data;
  return inTransaction(async (tx) => {
    const place = await stockPlace(tx, warehouse_id, product_id);
    if (!place) throw new AppError('NOT_FOUND', 'Gudang atau produk tidak ditemukan');
    const before = await lockStockQty(tx, warehouse_id, product_id);
    const after = before + perubahan;
    if (after < 0)
      throw new AppError('CONFLICT', `Stok ${place.kode} di ${place.gudang} tinggal ${before}; tidak bisa dikurangi ${-perubahan}`);
    await setStockQty(tx, warehouse_id, product_id, after);
    await insertStockMovement(tx, {
      warehouseId: warehouse_id,
      productId: product_id,
      qtyBefore: before,
      qtyAfter: after,
      alasan,
      operatorId: by.id,
      operatorNama: by.nama,
    });
    await recordAudit(tx, by, 'stok:adjust', `stok:${place.gudang}/${place.kode}`, { qty: before }, { qty: after, alasan });
    return { message: `Stok ${place.kode} di ${place.gudang}: ${before} → ${after}`, qty: after };
  });
}
