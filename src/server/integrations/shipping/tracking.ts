import { getDb } from '../../db/client';
import { shipmentEvents } from '../../db/queries/shipping';
import { trackWithRajaOngkir } from './rajaongkir-tracking';

/** One event of a shipment, in the documents' shape (spec/001 §2: the tracking manifest). */
export interface ManifestEntry {
  manifest_description: string;
  manifest_date: string;
  manifest_time: string;
  city_name: string;
}

export interface TrackingResult {
  manifest: ManifestEntry[];
  delivered: boolean;
}

export interface TrackingRequest {
  orderId: number;
  waybill: string;
  courier: string;
  /** Some couriers want the last 5 digits of the recipient's phone (RajaOngkir). */
  phone?: string | null;
}

/** Statuses whose history rows carry shipment events ("city_name|description"). */
const EVENT_STATUSES = ['DELIVERY', 'RECEIVED'];

/**
 * The built-in provider (DESIGN.md §6): the events the operator recorded with
 * `npm run ops -- order:ship|order:track|order:receive` in the order's history, oldest first.
 */
export async function trackFromHistory(orderId: number): Promise<TrackingResult> {
  const rows = await shipmentEvents(await getDb(), orderId, EVENT_STATUSES);
  return {
    manifest: rows.map((r) => {
      const at = r.keterangan.indexOf('|');
      return {
        city_name: r.keterangan.slice(0, at),
        manifest_description: r.keterangan.slice(at + 1),
        manifest_date: r.d,
        manifest_time: r.t,
      };
    }),
    delivered: rows.some((r) => r.status === 'RECEIVED'),
  };
}

/** The shipment's manifest: RajaOngkir when RAJAONGKIR_KEY is set, else the built-in events. */
export async function trackShipment(request: TrackingRequest): Promise<TrackingResult> {
  const key = process.env.RAJAONGKIR_KEY;
  if (key) return trackWithRajaOngkir(key, request);
  return trackFromHistory(request.orderId);
}
