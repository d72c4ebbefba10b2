import { AppError } from '../../errors';
import type { TrackingRequest, TrackingResult } from './tracking';

const BASE = 'https://rajaongkir.komerce.id/api/v1/';

interface WaybillAnswer {
  data?: {
    delivered?: boolean;
    manifest?: { manifest_description?: string; manifest_date?: string; manifest_time?: string; city_name?: string }[];
  };
  meta?: { message?: string };
}

/**
 * RajaOngkir API V2 (Komerce) waybill tracking (INTEGRATIONS.md): POST track/waybill?awb=&courier=
 * with header `key`, translated to the portal's own shape; the screens never see the provider's.
 */
export async function trackWithRajaOngkir(key: string, request: TrackingRequest, base = BASE): Promise<TrackingResult> {
  const url = new URL('track/waybill', base);
  url.searchParams.set('awb', request.waybill);
  url.searchParams.set('courier', request.courier);
  const digits = (request.phone ?? '').replace(/\D/g, '');
  if (digits.length >= 5) url.searchParams.set('last_phone_number', digits.slice(-5));
  const response = await fetch(url, { method: 'POST', headers: { key, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  const body = (await response.json().catch(() => ({}))) as WaybillAnswer;
  if (!response.ok || !body.data) throw new AppError('NOT_FOUND', 'Data pelacakan resi tidak ditemukan');
  return {
    delivered: Boolean(body.data.delivered),
    manifest: (body.data.manifest ?? []).map((m) => ({
      manifest_description: m.manifest_description ?? '',
      manifest_date: m.manifest_date ?? '',
      manifest_time: m.manifest_time ?? '',
      city_name: m.city_name ?? '',
    })),
  };
}
