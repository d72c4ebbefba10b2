import type { PaymentGateway, TokenRequest, TransactionStatus } from './types';

/**
 * Midtrans Snap (INTEGRATIONS.md): sandbox unless MIDTRANS_PRODUCTION=1. `apiBase` is the Core
 * API (Get Status); MIDTRANS_API_URL replaces it for a local stand-in in tests.
 */
export function midtransGateway(serverKey: string, clientKey: string, production: boolean, apiBase?: string): PaymentGateway {
  const snapBase = production ? 'https://app.midtrans.com' : 'https://app.sandbox.midtrans.com';
  const coreBase = (apiBase || (production ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com')).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  return {
    name: 'midtrans',
    async createToken(request: TokenRequest) {
      const response = await fetch(`${snapBase}/snap/v1/transactions`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization,
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
    async transactionStatus(orderId: string): Promise<TransactionStatus> {
      const response = await fetch(`${coreBase}/v2/${encodeURIComponent(orderId)}/status`, {
        headers: { accept: 'application/json', authorization },
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<Record<keyof TransactionStatus | 'status_message', unknown>>;
      const field = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
      // A 404 answer ("Transaction doesn't exist") has status_code 404 in its body and no status.
      if (!response.ok || !field(body.transaction_status)) {
        throw new Error(
          `Midtrans Get Status ${orderId}: ${field(body.status_code) || response.status} ${field(body.status_message)}`.trim(),
        );
      }
      return {
        order_id: field(body.order_id),
        status_code: field(body.status_code),
        transaction_status: field(body.transaction_status),
        gross_amount: field(body.gross_amount),
        fraud_status: field(body.fraud_status) || undefined,
        settlement_time: field(body.settlement_time) || undefined,
        transaction_time: field(body.transaction_time) || undefined,
      };
    },
  };
}
