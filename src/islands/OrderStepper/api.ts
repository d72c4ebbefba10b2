import { memberFetch } from '../../lib/member-fetch';
/** The island's one way to the server: the /member API (or the referral page's public calls). */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly errors?: Record<string, string>) {
    super(message);
  }
}

export const GENERAL_FAILURE = 'Terjadi kesalahan, silakan coba lagi.';

export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  return (await callWithMessage<T>(method, url, body)).result;
}

/** Like call(), with the server's success message (shown as the notification after BAYAR). */
export async function callWithMessage<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<{ result: T; message: string | undefined }> {
  let response: Response;
  try {
    response = await memberFetch(url, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Tidak dapat terhubung ke server, periksa koneksi Anda.', 0);
  }
  const json = (await response.json().catch(() => null)) as { success?: boolean; message?: string; result?: T; errors?: Record<string, string> } | null;
  if (!response.ok || !json || json.success === false) {
    throw new ApiError(json?.message || GENERAL_FAILURE, response.status, json?.errors);
  }
  return { result: json.result as T, message: json.message };
}

/** The calls of each mode: a signed-in member uses /member; the referral page its public twins. */
export interface Endpoints {
  gudang: string;
  shippingCost: string;
  paymentMethod: string;
  settings: string;
  province: string;
  city: string;
  district: string;
  subdistrict: string;
  mailCheck: string;
  usernameCheck: string;
  addresses: string | null;
  transaction: string;
  payment: string;
}

export const memberEndpoints: Endpoints = {
  gudang: '/member/gudang',
  shippingCost: '/member/shipping-cost',
  paymentMethod: '/member/payment-method',
  settings: '/member/settings',
  province: '/member/shipping-province',
  city: '/member/shipping-city',
  district: '/member/shipping-district',
  subdistrict: '/member/shipping-subdistrict',
  mailCheck: '/member/mail/check',
  usernameCheck: '/member/opt/username-check',
  addresses: '/member/shipping-address',
  transaction: '/member/transaction',
  payment: '/member/payment',
};

export const referralEndpoints: Endpoints = {
  gudang: '/daftar/api/gudang',
  shippingCost: '/daftar/api/shipping-cost',
  paymentMethod: '/daftar/api/payment-method',
  settings: '/daftar/api/settings',
  province: '/daftar/api/shipping-province',
  city: '/daftar/api/shipping-city',
  district: '/daftar/api/shipping-district',
  subdistrict: '/daftar/api/shipping-subdistrict',
  mailCheck: '/daftar/api/mail-check',
  usernameCheck: '/daftar/api/username-check',
  addresses: null,
  transaction: '/daftar/transaction',
  payment: '/daftar/api/payment',
};

/** A notification in the layout's toast area (src/browser/portal.ts listens for it). */
export function notify(message: string, type: 'success' | 'danger' | 'warning' | 'info' = 'success'): void {
  dispatchEvent(new CustomEvent('portal:notify', { detail: { message, type } }));
}
