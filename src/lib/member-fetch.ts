import { clearSessionUser } from '../stores/session-user';
import { clearOrderForm } from '../stores/order-form';

/**
 * The islands' one fetch for /member calls. A 401 or 403 means the session is gone or refused:
 * the saved user and the half-filled order form are cleared and the browser goes to /signin
 * (spec/000 §8). Other answers go back to the caller as they are.
 */
export async function memberFetch(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  const member = new URL(url, location.href).pathname.startsWith('/member/');
  if (member && (response.status === 401 || response.status === 403)) {
    clearSessionUser();
    if (response.status === 401) clearOrderForm();
    location.assign('/signin');
  }
  return response;
}

/** GET a /member answer's `result`; throws with the server's message (or a general one) when it failed. */
export async function getResult<T>(url: string): Promise<T> {
  const response = await memberFetch(url, { headers: { accept: 'application/json' } });
  const json = (await response.json().catch(() => null)) as { success?: boolean; message?: string; result?: T } | null;
  if (!response.ok || !json || json.success === false) throw new Error(json?.message || 'Terjadi kesalahan, silakan coba lagi.');
  return json.result as T;
}
