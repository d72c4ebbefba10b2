import { type WarehouseForm, WarehouseFormSchema } from '../../../lib/schemas/produk';
import { inTransaction } from '../../db/client';
import { lockWarehouse, updateWarehouseFields } from '../../db/queries/warehouses';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Actor } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { getSetting } from '../settings';
import { assertCatalogueEditor } from './catalogue-roles';

const NOT_FOUND = 'Gudang tidak ditemukan';
const NAMED_BY_SUBSIDY = 'Nama gudang ini dipakai Subsidi Ongkir (Pengaturan); nama tidak bisa diubah selama subsidi itu ada';

/**
 * A warehouse's name, address and what it serves (online orders, pickup): a warehouse serving
 * neither is inactive. Audited (SUPERADMIN). A shipping subsidy names its warehouse, so that name stays.
 */
export async function updateWarehouse(by: Actor, id: number, input: WarehouseForm): Promise<string> {
  assertCatalogueEditor(by);
  const data = parseWith(WarehouseFormSchema, input);
  const subsidies = await getSetting('shipping_subsidies');
  return inTransaction(async (tx) => {
    const row = await lockWarehouse(tx, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (data.nama !== row.nama && subsidies.some((s) => s.gudang === row.nama))
      throw new AppError('CONFLICT', NAMED_BY_SUBSIDY, { nama: NAMED_BY_SUBSIDY });
    const after = { nama: data.nama, lokasi: data.lokasi, isOnline: data.is_online, isPickup: data.is_pickup };
    const before = { nama: row.nama, lokasi: row.lokasi, isOnline: row.isOnline, isPickup: row.isPickup };
    if (JSON.stringify(after) === JSON.stringify(before)) return `Tidak ada perubahan pada ${row.nama}`;
    await updateWarehouseFields(tx, id, after);
    await recordAudit(tx, by, 'gudang:update', `gudang:${row.nama}`, before, after);
    return `Gudang ${after.nama} disimpan`;
  });
}
