import { isProduction, trustedHops } from './mode';

/** Security headers of every response (docs/security.md "Response headers"). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the member reached us over HTTPS: TLS on our own socket, TLS ended by a proxy that says
 * so (`X-Forwarded-Proto: https`, trusted only with TRUST_PROXY=1), or PORTAL_ENV=production,
 * which is only ever served over HTTPS. Decides HSTS; plain http in development never gets it.
 */
export function isHttpsRequest(request: Request, url: URL): boolean {
  if (url.protocol === 'https:' || isProduction()) return true;
  if (trustedHops() === 0) return false;
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * Completes the page policy Astro computed (astro.config.mjs security.csp: its script and style
 * hashes and our fixed directives) with what depends on the page and the environment:
 * `frame-ancestors` ('self' for a page that allows same-origin framing, the payment simulator's
 * pop-up; 'none' otherwise; it cannot be set in a <meta> policy) and the origin of the payment
 * provider's snap.js (Midtrans), which loads its script, opens its frame and calls its API.
 */
export function completePolicy(policy: string, options: { sameOriginFraming: boolean; paymentOrigin?: string }): string {
  // A pure function of a few distinct inputs (one policy per page, the build's hashes): kept per
  // process, as each page asked it again on every request (~1% of the dashboard's time, issue #24).
  const key = `${options.sameOriginFraming ? 1 : 0}\n${options.paymentOrigin ?? ''}\n${policy}`;
  const known = completedPolicies.get(key);
  if (known !== undefined) return known;
  const completed = completePolicyOnce(policy, options);
  if (completedPolicies.size >= 256) completedPolicies.clear();
  completedPolicies.set(key, completed);
  return completed;
}

const completedPolicies = new Map<string, string>();

function completePolicyOnce(policy: string, options: { sameOriginFraming: boolean; paymentOrigin?: string }): string {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean);
    if (name) directives.set(name.toLowerCase(), [...(directives.get(name.toLowerCase()) ?? []), ...values]);
  }
  directives.set('frame-ancestors', [options.sameOriginFraming ? "'self'" : "'none'"]);
  if (options.paymentOrigin) {
    const families = ['script-src', 'script-src-elem', 'style-src', 'frame-src', 'connect-src'];
    for (const name of families) {
      const values = directives.get(name);
      if (name.endsWith('-elem') && !values) continue;
      const list = values ?? ["'self'"];
      if (!list.includes(options.paymentOrigin)) list.push(options.paymentOrigin);
      directives.set(name, list);
    }
  }
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join('; ');
}
