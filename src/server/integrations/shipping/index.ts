import { builtinShipping } from './builtin';
import { rajaOngkirShipping } from './rajaongkir';
import type { ShippingProvider } from './types';

let provider: { key: string | undefined; shipping: ShippingProvider } | undefined;

/** RajaOngkir when RAJAONGKIR_KEY is set, else the built-in rate table (DESIGN.md §6). */
export function shippingProvider(): ShippingProvider {
  const key = process.env.RAJAONGKIR_KEY || undefined;
  if (!provider || provider.key !== key) provider = { key, shipping: key ? rajaOngkirShipping(key) : builtinShipping };
  return provider.shipping;
}

export type { QuoteRequest, ShippingProvider } from './types';
