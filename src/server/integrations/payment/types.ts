/** What the gateway needs to issue a payment token (Midtrans Snap's request, INTEGRATIONS.md). */
export interface TokenRequest {
  orderId: string;
  grossAmount: number;
  /** Lines whose Σ price × quantity equals grossAmount exactly (fees and shipping as lines). */
  items: { id: string; price: number; quantity: number; name: string }[];
  customer: { first_name: string; email: string; phone: string };
  enabledPayments: string[];
  expiryMinutes: number;
}

export interface TokenAnswer {
  token: string;
  redirect_url: string;
}

/**
 * The payment port (DESIGN.md §6). Both adapters answer the same token shape, load a script that
 * defines `window.snap.pay`, and sign notifications the same way (sha512 of order_id +
 * status_code + gross_amount + server key), so nothing else changes between them.
 */
export interface PaymentGateway {
  readonly name: 'simulator' | 'midtrans';
  createToken(request: TokenRequest): Promise<TokenAnswer>;
  /** The browser script and its client key (data-client-key) for the pop-up. */
  snapJs(): { src: string; clientKey: string | null };
  serverKey(): Promise<string>;
  /** Midtrans' Get Status API (GET /v2/{order_id}/status); absent for the simulator. */
  transactionStatus?(orderId: string): Promise<TransactionStatus>;
}

/** The fields of a Get Status answer the webhook decides on (same names as the notification). */
export interface TransactionStatus {
  order_id: string;
  status_code: string;
  transaction_status: string;
  gross_amount: string;
  fraud_status?: string;
  /** Jakarta local time "YYYY-MM-DD HH:mm:ss", as in the notification. */
  settlement_time?: string;
  transaction_time?: string;
}

/** The Midtrans notification fields the portal reads (INTEGRATIONS.md). */
export interface PaymentNotification {
  order_id: string;
  status_code: string;
  gross_amount: string;
  signature_key: string;
  transaction_status: string;
  fraud_status?: string;
  payment_type?: string;
  transaction_id?: string;
  transaction_time?: string;
  settlement_time?: string;
  expiry_time?: string;
  va_numbers?: { bank: string; va_number: string }[];
  permata_va_number?: string;
  biller_code?: string;
  bill_key?: string;
  store?: string;
  payment_code?: string;
  acquirer?: string;
  [key: string]: unknown;
}
