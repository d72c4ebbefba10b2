import type { CourierConfig, ShippingService, Subsidy } from '../../../lib/order/shipping';
import { getDb } from '../../db/client';
import { villageExists } from '../../db/queries/order-regions';
import { findWarehouse } from '../../db/queries/warehouses';
import { AppError } from '../../errors';
import { shippingProvider } from '../../integrations/shipping';
import { getSetting } from '../settings';

export const NO_SERVICE = 'Layanan pengiriman ke alamat ini tidak tersedia';

export interface ShippingQuote {
  couriers: ShippingService[];
  ekspedisi: CourierConfig[];
  subsidi: Subsidy | null;
}

/** The subsidy configured for a warehouse (its own, else the one for all warehouses). */
export async function subsidyFor(gudangNama: string): Promise<Subsidy | null> {
  const all = await getSetting('shipping_subsidies');
  const found = all.find((s) => s.gudang === gudangNama) ?? all.find((s) => s.gudang === null);
  return found ? { id: found.id, jenis: found.jenis, tiers: found.tiers.map((t) => ({ ...t })) } : null;
}

/**
 * POST /member/shipping-cost: the services of every configured courier from a warehouse to a
 * village, with the couriers' insurance rules and the warehouse's subsidy tiers.
 */
export async function quoteShipping(input: { gudangPublicId: string; kelurahanId: string; weight: number }): Promise<ShippingQuote> {
  const db = await getDb();
  const gudang = await findWarehouse(db, input.gudangPublicId);
  if (!gudang?.isOnline || !gudang.kelurahanId) throw new AppError('NOT_FOUND', 'Gudang tidak ditemukan');
  if (!(await villageExists(db, input.kelurahanId))) throw new AppError('BAD_INPUT', 'Pilih kelurahan');
  const ekspedisi = [...(await getSetting('couriers'))];
  let couriers: ShippingService[];
  try {
    couriers = await shippingProvider().quote({
      originVillage: gudang.kelurahanId,
      destinationVillage: input.kelurahanId,
      weight: input.weight,
      couriers: ekspedisi.map((c) => c.kode),
    });
  } catch (error) {
    console.error(error);
    throw new AppError('CONFLICT', 'Ongkos kirim tidak dapat dihitung saat ini, silakan coba lagi');
  }
  if (couriers.length === 0) throw new AppError('NOT_FOUND', NO_SERVICE);
  return { couriers, ekspedisi, subsidi: await subsidyFor(gudang.nama) };
}
