import { suggestService } from '../../../lib/order/shipping';
import type { CekOngkirQuery } from '../../../lib/schemas/cek-ongkir';
import { getDb } from '../../db/client';
import { listOnlineWarehouses } from '../../db/queries/warehouses';
import { AppError } from '../../errors';
import { isWithin, listCities, listDistricts, listProvinces, listVillages } from '../regions/list-regions';
import { quoteShipping } from './quote-shipping';

/**
 * The shipping cost check page: the online warehouses, the region lists the cascade needs for the
 * chosen province/city/district (so it works without JavaScript), and — once a village is chosen —
 * the couriers' services from the lead's quote, cheapest first, with the suggested one marked.
 */
export async function checkShippingCost(q: CekOngkirQuery) {
  const db = await getDb();
  const gudangs = await listOnlineWarehouses(db);
  // A child only counts when it lies inside its parent (a changed province drops the old city).
  const provinsi = q.provinsi_id;
  const inside = (child: string | undefined, parent: string | undefined) =>
    child && parent && isWithin(child, parent) ? child : undefined;
  const kota = inside(q.kota_id, provinsi);
  const kecamatan = inside(q.kecamatan_id, kota);
  const kelurahan = inside(q.kelurahan_id, kecamatan);
  const [provinces, cities, districts, villages] = await Promise.all([
    listProvinces(),
    provinsi ? listCities(provinsi) : [],
    kota ? listDistricts(kota) : [],
    kecamatan ? listVillages(kecamatan) : [],
  ]);
  const gudang = gudangs.find((g) => g.public_id === q.gudang) ?? gudangs[0];
  let services: (Awaited<ReturnType<typeof quoteShipping>>['couriers'][number] & { suggested: boolean })[] = [];
  let error: string | undefined;
  if (gudang && kelurahan) {
    try {
      const quote = await quoteShipping({ gudangPublicId: gudang.public_id, kelurahanId: kelurahan, weight: Math.round(q.berat * 1000) });
      const suggested = suggestService(quote.couriers);
      services = [...quote.couriers].sort((a, b) => a.cost - b.cost).map((s) => ({ ...s, suggested: s === suggested }));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      error = e.message;
    }
  }
  return {
    gudangs,
    gudang: gudang?.public_id,
    provinces,
    cities,
    districts,
    villages,
    selected: { provinsi, kota, kecamatan, kelurahan },
    berat: q.berat,
    services,
    error,
  };
}
