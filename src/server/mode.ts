// Plain Node with erasable types only: scripts/start.mjs and scripts/server.mjs import this file.
// The one home of the portal's mode: nothing else reads PORTAL_ENV or NODE_ENV (asProductionBuild
// sets NODE_ENV for a moment, for the libraries that read it, and puts it back).

type Env = Record<string, string | undefined>;
export type PortalMode = 'production' | 'development';

/** What PORTAL_ENV accepts, exactly (no other spelling, no spaces); unset is development. */
export const PORTAL_MODES: readonly PortalMode[] = ['production', 'development'];

/**
 * Why this environment names no mode the portal knows, or undefined. A value that is not exactly
 * `production` or `development` ('Production', 'prod', 'production ') would otherwise have started
 * the demo with its well-known operator password; and NODE_ENV=production says the operator
 * meant production without saying so to the portal.
 */
export function modeProblem(env: Env = process.env): string | undefined {
  const value = env.PORTAL_ENV;
  if (value === undefined || value === '') {
    if (env.NODE_ENV === 'production')
      return 'NODE_ENV=production tanpa PORTAL_ENV tidak dijalankan: atur PORTAL_ENV=production (atau PORTAL_ENV=development untuk demo)';
    return undefined;
  }
  if ((PORTAL_MODES as readonly string[]).includes(value)) return undefined;
  return `PORTAL_ENV=${JSON.stringify(value)} tidak dikenal, tidak dijalankan: isi tepat production atau development (tanpa PORTAL_ENV: development)`;
}

/**
 * The mode: development only when PORTAL_ENV is unset (or empty) or exactly `development` and
 * nothing says production; anything else fails closed as production (the start refuses it first,
 * modeProblem, so this is only the second line of defence).
 */
export function portalMode(env: Env = process.env): PortalMode {
  if (env.PORTAL_ENV === 'development' || ((env.PORTAL_ENV ?? '') === '' && !modeProblem(env))) return 'development';
  return 'production';
}

/** PORTAL_ENV=production (or a mode it does not know): fails closed (DESIGN.md §7a). */
export function isProduction(env: Env = process.env): boolean {
  return portalMode(env) === 'production';
}

export type PayoutProviderSetting = 'manual' | 'simulator' | 'iris';
export const PAYOUT_PROVIDER_SETTINGS: readonly PayoutProviderSetting[] = ['manual', 'simulator', 'iris'];
export const IRIS_KEYS = ['IRIS_CREATOR_KEY', 'IRIS_APPROVER_KEY', 'IRIS_MERCHANT_KEY'] as const;

/**
 * PAYOUT_PROVIDER: how payouts leave (README "Configuration"): `manual` bank CSV files, the
 * built-in `simulator`, or Midtrans Payouts `iris`. Unset: the simulator in development, manual in
 * production (the simulator never runs there).
 */
export function payoutProviderSetting(env: Env = process.env): PayoutProviderSetting {
  const value = env.PAYOUT_PROVIDER?.trim();
  if (value && (PAYOUT_PROVIDER_SETTINGS as readonly string[]).includes(value)) return value as PayoutProviderSetting;
  return isProduction(env) ? 'manual' : 'simulator';
}

/** Why the payout settings cannot work (an unknown provider, Iris without its keys, the simulator in production). */
export function payoutProblem(env: Env = process.env): string | undefined {
  const value = env.PAYOUT_PROVIDER?.trim();
  if (value && !(PAYOUT_PROVIDER_SETTINGS as readonly string[]).includes(value)) {
    return `PAYOUT_PROVIDER=${JSON.stringify(value)} tidak dikenal, tidak dijalankan: isi manual, simulator atau iris`;
  }
  const provider = payoutProviderSetting(env);
  if (provider === 'iris') {
    const missing = IRIS_KEYS.filter((name) => !env[name]?.trim());
    if (missing.length) return `PAYOUT_PROVIDER=iris tidak dijalankan: ${missing.join(', ')} belum diatur (kunci Midtrans Payouts)`;
  }
  if (provider === 'simulator' && isProduction(env))
    return 'PAYOUT_PROVIDER=simulator tidak dijalankan di produksi: pakai iris (dengan kuncinya) atau manual';
  return undefined;
}

export type LogFormat = 'json' | 'text';
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'text'];

/**
 * LOG_FORMAT (docs/operations.md "Logs"): `json` one JSON object a line (src/server/log.ts), `text`
 * the readable lines. Unset: json with PORTAL_ENV=production exactly, text otherwise (the demo, the
 * tests, and the start's refusal of an unknown mode). An unknown value is refused at the start
 * (logFormatProblem) and reads as unset here.
 */
export function logFormat(env: Env = process.env): LogFormat {
  const value = env.LOG_FORMAT;
  if (value === 'json' || value === 'text') return value;
  return env.PORTAL_ENV === 'production' ? 'json' : 'text';
}

/** Why LOG_FORMAT cannot be used (a value other than json or text), or undefined. */
export function logFormatProblem(env: Env = process.env): string | undefined {
  const value = env.LOG_FORMAT;
  if (value === undefined || value === '' || (LOG_FORMATS as readonly string[]).includes(value)) return undefined;
  return `LOG_FORMAT=${JSON.stringify(value)} tidak dikenal, tidak dijalankan: isi json atau text`;
}

/**
 * Why the portal does not start in this environment (an unknown mode, payout settings that cannot
 * work, or production without real payment keys and the public address), as one line; undefined
 * when it may start.
 */
export function startProblem(env: Env = process.env): string | undefined {
  const mode = modeProblem(env);
  if (mode) return mode;
  const logs = logFormatProblem(env);
  if (logs) return logs;
  const payout = payoutProblem(env);
  if (payout) return payout;
  if (!isProduction(env)) return undefined;
  const missing = ['MIDTRANS_SERVER_KEY', 'MIDTRANS_CLIENT_KEY', 'PUBLIC_BASE_URL'].filter((name) => !env[name]?.trim());
  if (missing.length === 0) return undefined;
  return `PORTAL_ENV=production tidak dijalankan: ${missing.join(', ')} belum diatur (kunci pembayaran Midtrans dan alamat publik situs wajib di produksi)`;
}

/**
 * Runs `load` with NODE_ENV=production and puts NODE_ENV back as it was: for libraries that choose
 * their build from NODE_ENV when first loaded (React), where the portal's mode is PORTAL_ENV and
 * NODE_ENV is usually unset, so the server rendered with React's development build (checks and
 * warnings on every element: about half the dashboard's CPU, issue #24). The mode never sees it.
 */
export function asProductionBuild<T>(load: () => T, env: Env = process.env): T {
  const before = env.NODE_ENV;
  env.NODE_ENV = 'production';
  try {
    return load();
  } finally {
    if (before === undefined) delete env.NODE_ENV;
    else env.NODE_ENV = before;
  }
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
