/**
 * The pages a member can read again without a network (issue #23, docs/decisions/0020-offline.md):
 * the dashboard, the bonus reports, the tree and the order list. The service worker (public/sw.js)
 * keeps only answers carrying OFFLINE_KEY_HEADER, which the middleware sets on these pages alone;
 * every other page keeps `private, no-store` and is never stored.
 */
export function isOfflineReadable(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    clean === '/' ||
    clean.startsWith('/bonus/') ||
    clean === '/report/tree' ||
    clean === '/report/bonus-harian' ||
    clean === '/report/bonus-bulanan' ||
    clean === '/report/annual-pairing' ||
    clean === '/report/penarikan-bonus' ||
    clean === '/report/pph' ||
    clean === '/report/omset' ||
    clean === '/transaksi/order-transaksi'
  );
}

/** The session's key for the worker's cache, or OFFLINE_FORGET on an answer without a signed-in member. */
export const OFFLINE_KEY_HEADER = 'x-offline-key';
/** When the worker must erase the kept pages (milliseconds since 1970): the session's end. */
export const OFFLINE_UNTIL_HEADER = 'x-offline-until';
/** Tells the worker that this browser has no session any more: erase every kept page. */
export const OFFLINE_FORGET = 'forget';
