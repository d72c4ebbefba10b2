import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackWithRajaOngkir } from '../../src/server/integrations/shipping/rajaongkir-tracking';

// A local stand-in for the Komerce endpoint, answering with the documented shape (INTEGRATIONS.md).
const seen: { method?: string; url?: string; key?: string }[] = [];
let base = '';
const server = http.createServer((req, res) => {
  seen.push({ method: req.method, url: req.url, key: req.headers.key as string });
  const url = new URL(req.url!, 'http://x');
  res.setHeader('content-type', 'application/json');
  if (url.searchParams.get('awb') === 'TIDAKADA') {
    res.statusCode = 400;
    res.end(JSON.stringify({ meta: { message: 'Invalid waybill', code: 400 }, data: null }));
    return;
  }
  res.end(
    JSON.stringify({
      meta: { code: 200 },
      data: {
        delivered: true,
        summary: { courier_code: 'jne', waybill_number: url.searchParams.get('awb') },
        delivery_status: { status: 'DELIVERED', pod_receiver: 'BUDI', pod_date: '2026-11-20', pod_time: '10:00' },
        manifest: [
          {
            manifest_code: '1',
            manifest_description: 'SHIPMENT RECEIVED BY JNE COUNTER',
            manifest_date: '2026-11-18',
            manifest_time: '09:10:00',
            city_name: 'SURABAYA',
          },
          {
            manifest_code: '3',
            manifest_description: 'DELIVERED TO [BUDI]',
            manifest_date: '2026-11-20',
            manifest_time: '10:00:00',
            city_name: 'MALANG',
          },
        ],
      },
    }),
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('RajaOngkir waybill tracking adapter', () => {
  it('posts track/waybill with the key, waybill, courier and the phone’s last 5 digits, and keeps the documents’ manifest shape', async () => {
    const result = await trackWithRajaOngkir(
      'kunci-rahasia',
      { orderId: 1, waybill: 'JNE123', courier: 'jne', phone: '0812-3456-7890' },
      base,
    );
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/v1/track/waybill?awb=JNE123&courier=jne&last_phone_number=67890',
      key: 'kunci-rahasia',
    });
    expect(result).toEqual({
      delivered: true,
      manifest: [
        {
          manifest_description: 'SHIPMENT RECEIVED BY JNE COUNTER',
          manifest_date: '2026-11-18',
          manifest_time: '09:10:00',
          city_name: 'SURABAYA',
        },
        { manifest_description: 'DELIVERED TO [BUDI]', manifest_date: '2026-11-20', manifest_time: '10:00:00', city_name: 'MALANG' },
      ],
    });
  });

  it('an unknown waybill is a 404 with an Indonesian message', async () => {
    await expect(trackWithRajaOngkir('k', { orderId: 1, waybill: 'TIDAKADA', courier: 'jne' }, base)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Data pelacakan resi tidak ditemukan',
    });
  });
});
