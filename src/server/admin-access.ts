import type { AstroCookies } from 'astro';
import type { OperatorRole } from './db/schema';
import { isSecondFactorRequired } from './domain/operator-second-factor';
import { isProduction, secureCookies } from './mode';
import { OPERATOR_COOKIE, resolveOperatorSession, type SessionOperator } from './services/operator/operator-sessions';

export const isAdminPath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');
export const ADMIN_SIGNIN = '/admin/signin';
/** The operator API the CLI talks to (bearer token); each endpoint checks the role itself. */
export const isAdminApiPath = (path: string): boolean => path.startsWith('/admin/api/');
export const ADMIN_TOKEN_PATH = '/admin/api/token';
/** Every operator's own account: password change and two-factor sign-in. */
export const ADMIN_ACCOUNT = '/admin/akun';
export const SECOND_FACTOR_SETUP_FIRST = 'Siapkan verifikasi dua langkah di halaman Akun Saya terlebih dahulu (wajib untuk peran Anda)';
const ALL_ROLES: OperatorRole[] = ['GUDANG', 'KEUANGAN', 'KONTEN', 'CS'];

/** The console's pages and the roles that may open them (SUPERADMIN opens everything). */
export const ADMIN_MENU: { path: string; label: string; roles: OperatorRole[] }[] = [
  { path: '/admin', label: 'Ringkasan', roles: ALL_ROLES },
  { path: '/admin/orders', label: 'Order', roles: ['GUDANG'] },
  { path: '/admin/retur', label: 'Retur', roles: ['GUDANG'] },
  { path: '/admin/stok', label: 'Stok', roles: ['GUDANG'] },
  // GUDANG opens the catalogue to reach a product's stock; only SUPERADMIN changes it (services/produk).
  { path: '/admin/produk', label: 'Produk', roles: ['GUDANG'] },
  { path: '/admin/keuangan', label: 'Penarikan', roles: ['KEUANGAN'] },
  { path: '/admin/keuangan/closing', label: 'Closing', roles: ['KEUANGAN'] },
  { path: '/admin/keuangan/pajak', label: 'Pajak', roles: ['KEUANGAN'] },
  { path: '/admin/keuangan/refund', label: 'Refund', roles: ['KEUANGAN'] },
  { path: '/admin/keuangan/tahan', label: 'Penahanan', roles: ['KEUANGAN'] },
  { path: '/admin/keuangan/penyesuaian', label: 'Penyesuaian', roles: ['KEUANGAN'] },
  { path: '/admin/members', label: 'Member', roles: ['CS'] },
  { path: '/admin/members/kyc', label: 'Antrian KYC', roles: ['CS'] },
  { path: '/admin/settings', label: 'Pengaturan', roles: [] },
  { path: '/admin/news', label: 'News', roles: ['KONTEN'] },
  { path: '/admin/banners', label: 'Banner', roles: ['KONTEN'] },
  { path: '/admin/promos', label: 'Promo', roles: ['KONTEN'] },
  { path: '/admin/promos/klaim', label: 'Klaim Promo', roles: ['KONTEN', 'GUDANG'] },
  { path: '/admin/halaman', label: 'Halaman', roles: ['KONTEN'] },
  { path: '/admin/audit', label: 'Jejak Audit', roles: [] },
  { path: '/admin/jadwal', label: 'Jadwal', roles: ['KEUANGAN'] },
  { path: '/admin/operators', label: 'Operator', roles: [] },
  { path: ADMIN_ACCOUNT, label: 'Akun Saya', roles: ALL_ROLES },
];

/**
 * In production SUPERADMIN and KEUANGAN use the console only after setting up two-factor sign-in:
 * until then every page but their account page (and signing out) sends them there.
 */
export function isHeldForSecondFactor(operator: SessionOperator, path: string): boolean {
  if (path === ADMIN_ACCOUNT || path === '/admin/keluar' || path === ADMIN_TOKEN_PATH) return false;
  return isSecondFactorRequired(operator.role, isProduction()) && !operator.hasSecondFactor;
}

export function mayOpen(operator: SessionOperator, path: string): boolean {
  if (operator.role === 'SUPERADMIN' || isAdminApiPath(path)) return true;
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = [...ADMIN_MENU]
    .sort((a, b) => b.path.length - a.path.length)
    .find((item) => clean === item.path || clean.startsWith(`${item.path}/`));
  return page ? page.roles.includes(operator.role) : false;
}

/**
 * The admin branch of the middleware: only the operator cookie (or an operator bearer token) is
 * read here, never the member cookie, so a member session never reaches /admin; and member pages
 * never read the operator cookie, so an operator never has a member session.
 */
export async function resolveAdmin(cookies: AstroCookies, bearer: string | undefined): Promise<SessionOperator | undefined> {
  const token = bearer ?? cookies.get(OPERATOR_COOKIE)?.value;
  const operator = token ? await resolveOperatorSession(token) : undefined;
  if (!operator && token && !bearer) cookies.delete(OPERATOR_COOKIE, { path: '/admin' });
  return operator;
}

export function setOperatorCookie(cookies: AstroCookies, url: URL, token: string, expiresAt: Date): void {
  cookies.set(OPERATOR_COOKIE, token, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    expires: expiresAt,
    secure: secureCookies(url),
  });
}
