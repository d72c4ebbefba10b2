import { clearSessionUser } from '../stores/session-user';

/**
 * The islands' one fetch for /member calls. A 401 or 403 means the session is gone or refused:
 * the saved user and the half-filled order form are cleared and the browser goes to /signin
 * (spec/000 §8). Other answers go back to the caller as they are.
 */
export async function memberFetch(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  sessionEndedBy(url, response.status);
  return response;
}

let leaving = false;

/**
 * Whether a /member answer ended the session (401 or 403); if so, forgets the saved user (and on
 * 401 the order form) and goes to /signin. The layout script also runs it for every fetch of the
 * page, so page scripts that call fetch directly behave the same.
 */
export function sessionEndedBy(url: string, status: number): boolean {
  if (status !== 401 && status !== 403) return false;
  if (!new URL(url, location.href).pathname.startsWith('/member/')) return false;
  clearSessionUser();
  localStorage.removeItem('portal:user');
  // The order form's key (src/stores/order-form.ts), removed directly: the layout script stays small.
  if (status === 401) localStorage.removeItem('portal:order-form');
  if (!leaving) location.assign('/signin');
  leaving = true;
  return true;
}

/** GET a /member answer's `result`; throws with the server's message (or a general one) when it failed. */
export async function getResult<T>(url: string): Promise<T> {
  const response = await memberFetch(url, { headers: { accept: 'application/json' } });
  const json = (await response.json().catch(() => null)) as { success?: boolean; message?: string; result?: T } | null;
  if (!response.ok || !json || json.success === false) throw new Error(json?.message || 'Terjadi kesalahan, silakan coba lagi.');
  return json.result as T;
}
