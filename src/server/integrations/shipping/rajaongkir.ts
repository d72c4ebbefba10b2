import type { ShippingService } from '../../../lib/order/shipping';
import { getDb } from '../../db/client';
import { villagePlaceNames } from '../../db/queries/regions';
import type { ShippingProvider } from './types';

const BASE = 'https://rajaongkir.komerce.id/api/v1/';

interface Komerce<T> {
  meta?: { message?: string; code?: number };
  data?: T;
}

/**
 * RajaOngkir API V2 (INTEGRATIONS.md): regions have the provider's own ids, so a village code is
 * mapped once to its destination id by searching the district and city names, then cached.
 */
export function rajaOngkirShipping(key: string): ShippingProvider {
  const cache = new Map<string, string>();
  const call = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(BASE + path, {
      ...init,
      headers: { key, accept: 'application/json', ...(init?.headers ?? {}) },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as Komerce<T>;
    if (!response.ok || body.data === undefined) throw new Error(`RajaOngkir ${path}: ${body.meta?.message ?? response.status}`);
    return body.data;
  };
  const destinationId = async (village: string): Promise<string> => {
    const known = cache.get(village);
    if (known) return known;
    const names = await villagePlaceNames(await getDb(), village);
    if (!names) throw new Error(`Wilayah ${village} tidak dikenal`);
    const found = await call<{ id: number | string }[]>(
      `destination/domestic-destination?search=${encodeURIComponent(names.district)}&limit=10`,
    );
    const city = names.city.replace(/^(KABUPATEN|KOTA)\s+/i, '').toLowerCase();
    const match = found.find((d) => JSON.stringify(d).toLowerCase().includes(city)) ?? found[0];
    if (!match) throw new Error(`RajaOngkir tidak mengenal kecamatan ${names.district}`);
    cache.set(village, String(match.id));
    return String(match.id);
  };
  return {
    name: 'rajaongkir',
    async quote({ originVillage, destinationVillage, weight, couriers }) {
      const form = new URLSearchParams({
        origin: await destinationId(originVillage),
        destination: await destinationId(destinationVillage),
        weight: String(weight),
        courier: couriers.join(':'),
        price: 'lowest',
      });
      const data = await call<{ name: string; code: string; service: string; description: string; cost: number; etd: string }[]>(
        'calculate/district/domestic-cost',
        { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
      return data.map(
        (d): ShippingService => ({
          code: d.code,
          name: d.name,
          service: d.service,
          description: d.description,
          etd: String(d.etd ?? '').replace(/\s*day(s)?/i, ''),
          cost: Math.round(Number(d.cost)),
        }),
      );
    },
  };
}
