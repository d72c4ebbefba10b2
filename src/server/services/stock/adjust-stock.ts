import { sql } from 'drizzle-orm';
import { inTransaction, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import { adjustStockSchema, type AdjustStock } from '../../../lib/schemas/stock';
import { recordAudit, type AuditActor } from '../operator/record-audit';

/**
 * An operator corrects the stock of one product in one warehouse by a signed amount, with a reason:
 * the count, its history row and the audit row change together, with the stock row locked so an
 * order placed at the same moment is counted once. The count never goes below zero.
 */
export async function adjustStock(by: AuditActor, input: AdjustStock): Promise<{ message: string; qty: number }> {
  const parsed = adjustStockSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0]!.message);
  const { warehouse_id, product_id, perubahan, alasan } = parsed.data;
  return inTransaction(async (tx) => {
    const [place] = await selectRows<{ gudang: string; kode: string }>(tx, sql`
      select w.nama as gudang, p.kode from warehouses w, products p where w.id = ${warehouse_id} and p.id = ${product_id}`);
    if (!place) throw new AppError('NOT_FOUND', 'Gudang atau produk tidak ditemukan');
    await tx.execute(sql`insert into warehouse_stock (warehouse_id, product_id, qty) values (${warehouse_id}, ${product_id}, 0) on conflict do nothing`);
    const [stock] = await selectRows<{ qty: number }>(tx, sql`
      select qty from warehouse_stock where warehouse_id = ${warehouse_id} and product_id = ${product_id} for update`);
    const before = stock!.qty;
    const after = before + perubahan;
    if (after < 0) throw new AppError('CONFLICT', `Stok ${place.kode} di ${place.gudang} tinggal ${before}; tidak bisa dikurangi ${-perubahan}`);
    await tx.execute(sql`update warehouse_stock set qty = ${after} where warehouse_id = ${warehouse_id} and product_id = ${product_id}`);
    await tx.execute(sql`insert into stock_movements (warehouse_id, product_id, qty_before, qty_after, alasan, operator_id, operator_nama)
      values (${warehouse_id}, ${product_id}, ${before}, ${after}, ${alasan}, ${by.id}, ${by.nama})`);
    await recordAudit(tx, by, 'stok:adjust', `stok:${place.gudang}/${place.kode}`, { qty: before }, { qty: after, alasan });
    return { message: `Stok ${place.kode} di ${place.gudang}: ${before} → ${after}`, qty: after };
  });
}
