import type { PaymentGateway, TokenRequest } from './types';

/** Midtrans Snap (INTEGRATIONS.md): sandbox unless MIDTRANS_PRODUCTION=1. */
export function midtransGateway(serverKey: string, clientKey: string, production: boolean): PaymentGateway {
  const snapBase = production ? 'https://app.midtrans.com' : 'https://app.sandbox.midtrans.com';
  return {
    name: 'midtrans',
    async createToken(request: TokenRequest) {
      const response = await fetch(`${snapBase}/snap/v1/transactions`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`,
        },
        body: JSON.stringify({
          transaction_details: { order_id: request.orderId, gross_amount: request.grossAmount },
          item_details: request.items.map((i) => ({ ...i, name: i.name.slice(0, 50) })),
          customer_details: request.customer,
          enabled_payments: request.enabledPayments,
          page_expiry: { duration: request.expiryMinutes, unit: 'minute' },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json()) as { token?: string; redirect_url?: string; error_messages?: string[] };
      if (!response.ok || !body.token) throw new Error(`Midtrans: ${(body.error_messages ?? []).join('; ') || response.status}`);
      return { token: body.token, redirect_url: body.redirect_url ?? '' };
    },
    snapJs: () => ({ src: `${snapBase}/snap/snap.js`, clientKey }),
    serverKey: async () => serverKey,
  };
}
