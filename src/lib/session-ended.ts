import { clearSessionUser } from '../stores/session-user';

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
  // The pages kept for offline reading (public/sw.js) go too.
  navigator.serviceWorker?.controller?.postMessage('forget');
  if (!leaving) location.assign('/signin');
  leaving = true;
  return true;
}
