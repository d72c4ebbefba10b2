import type { ShippingService } from '../../../lib/order/shipping';

export interface QuoteRequest {
  /** Village codes (idn-area-data) of the warehouse and the destination. */
  originVillage: string;
  destinationVillage: string;
  /** Grams. */
  weight: number;
  /** Courier codes to ask for ("jne", "sicepat", …). */
  couriers: string[];
}

/** The shipping port (DESIGN.md §6): one quote call; the screens never see a provider's shape. */
export interface ShippingProvider {
  readonly name: 'builtin' | 'rajaongkir';
  quote(request: QuoteRequest): Promise<ShippingService[]>;
}
