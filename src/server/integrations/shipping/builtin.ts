import { getSetting } from '../../services/settings';
import type { ShippingProvider } from './types';
import { zoneBetween } from './zones';

/**
 * The offline provider: the operator's rate table (settings `shipping_rates`), rupiah per
 * started kilogram by distance zone, with the zone's estimate.
 */
export const builtinShipping: ShippingProvider = {
  name: 'builtin',
  async quote({ originVillage, destinationVillage, weight, couriers }) {
    const zone = zoneBetween(originVillage, destinationVillage);
    const names = new Map((await getSetting('couriers')).map((c) => [c.kode, c.nama]));
    const kilos = Math.max(1, Math.ceil(weight / 1000));
    return (await getSetting('shipping_rates'))
      .filter((rate) => couriers.includes(rate.code))
      .map((rate) => ({
        code: rate.code,
        name: names.get(rate.code) ?? rate.code.toUpperCase(),
        service: rate.service,
        description: rate.description,
        etd: rate.etd[zone] ?? rate.etd.at(-1) ?? '',
        cost: (rate.perKg[zone] ?? rate.perKg.at(-1) ?? 0) * kilos,
      }));
  },
};
