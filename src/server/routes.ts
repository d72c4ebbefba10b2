/** Paths a signed-out visitor may open (spec/000 §2, §6). */
const publicPages = ['/signin', '/forgot-password', '/reset-password', '/daftar', '/offline'];
const publicPrefixes = [
  '/info/',
  '/verifikasi-bank/',
  '/verifikasi-npwp/',
  '/_astro/',
  '/banners/',
  '/dev/',
  '/pembayaran/',
  '/products/',
  '/payments/',
  '/daftar/',
];
const publicApi = [
  '/member/login',
  '/member/forgot-password',
  '/member/reset-password',
  '/member/account/validate-bank',
  '/member/account/validate-npwp',
  // The payment gateway's webhook: authenticated by its signature, not a session.
  '/payment/notification',
  // The disbursement provider's webhook (Iris or the simulator): authenticated by Iris-Signature.
  '/payout/notification',
];

/** The proxy's and the operator's signals (docs/operations.md): no session, answered by their own rules. */
export const PROBE_PATHS = ['/healthz', '/readyz', '/metrics'] as const;
export const isProbePath = (path: string): boolean => (PROBE_PATHS as readonly string[]).includes(path);

export const isApiPath = (path: string): boolean => path === '/member' || path.startsWith('/member/');

export function isPublicPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    publicPages.includes(clean) ||
    publicApi.includes(clean) ||
    publicPrefixes.some((prefix) => path.startsWith(prefix)) ||
    clean === '/favicon.svg' ||
    clean === '/robots.txt' ||
    // The installable app's files (public/): the manifest, its icons and the service worker.
    clean === '/manifest.webmanifest' ||
    clean === '/sw.js' ||
    path.startsWith('/icons/')
  );
}

/** The profile page is the one place a member without domicile may stay (spec/000 §2). */
export const PROFILE_PATH = '/account/profile';
