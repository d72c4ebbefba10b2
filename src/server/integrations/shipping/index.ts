import { builtinShipping } from './builtin';
import { rajaOngkirShipping } from './rajaongkir';
import type { ShippingProvider } from './types';

let provider: ShippingProvider | undefined;

/** RajaOngkir when RAJAONGKIR_KEY is set, else the built-in rate table (DESIGN.md §6). */
export function shippingProvider(): ShippingProvider {
  const key = process.env.RAJAONGKIR_KEY;
  provider ??= key ? rajaOngkirShipping(key) : builtinShipping;
  return provider;
}

export type { QuoteRequest, ShippingProvider } from './types';
