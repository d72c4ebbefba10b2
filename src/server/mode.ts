// Plain Node with erasable types only: scripts/start.mjs and scripts/server.mjs import this file.

type Env = Record<string, string | undefined>;

/** PORTAL_ENV=production: fails closed (DESIGN.md §7a). Everything else is the demo. */
export function isProduction(env: Env = process.env): boolean {
  return env.PORTAL_ENV === 'production';
}

/** What production lacks to start (real payment keys, the public address), or undefined. */
export function productionProblem(env: Env = process.env): string | undefined {
  if (!isProduction(env)) return undefined;
  const missing = ['MIDTRANS_SERVER_KEY', 'MIDTRANS_CLIENT_KEY', 'PUBLIC_BASE_URL'].filter((name) => !env[name]?.trim());
  if (missing.length === 0) return undefined;
  return `PORTAL_ENV=production tidak dijalankan: ${missing.join(', ')} belum diatur (kunci pembayaran Midtrans dan alamat publik situs wajib di produksi)`;
}

/** The first log line of a start: which mode, and in development that it is a demo. */
export function modeLine(env: Env = process.env): string {
  return isProduction(env)
    ? '[portal] mode produksi (PORTAL_ENV=production): tanpa data demo, simulator pembayaran dan halaman /dev'
    : '[portal] mode development: DEMO (data demo, simulator pembayaran, /dev/outbox hanya dari localhost); untuk produksi atur PORTAL_ENV=production';
}

/** Cookies are Secure over HTTPS and always in production (a proxy may end TLS in front of us). */
export function secureCookies(url: URL, env: Env = process.env): boolean {
  return url.protocol === 'https:' || isProduction(env);
}

/** TRUST_PROXY as a number of proxy hops in front of the portal (0 when unset or not a number). */
export function trustedHops(env: Env = process.env): number {
  const hops = Number(env.TRUST_PROXY || 0);
  return Number.isInteger(hops) && hops > 0 ? Math.min(hops, 10) : 0;
}
