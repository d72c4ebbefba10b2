/**
 * Who may read /metrics (docs/operations.md "Metrics"): a request carrying METRICS_TOKEN
 * (Authorization: Bearer) from anywhere, or a direct request from loopback or from a network of
 * METRICS_NETWORK (comma-separated IPv4 CIDRs). A request that came through a proxy
 * (X-Forwarded-For or Forwarded present) is never "direct": the proxy itself is local.
 */
export interface MetricsRequest {
  address: string;
  forwarded: boolean;
  bearer?: string;
}

export interface MetricsRule {
  token?: string;
  networks?: string;
}

const ipv4 = (address: string): number | undefined => {
  const m = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
};

export function inNetwork(address: string, cidr: string): boolean {
  const [base, bitsText] = cidr.trim().split('/');
  const a = ipv4(address);
  const b = ipv4(base ?? '');
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (a === undefined || b === undefined || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (a & mask) === (b & mask);
}

const isLoopback = (address: string) => address === '::1' || inNetwork(address, '127.0.0.0/8');

/** Equal strings compared in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

export function mayReadMetrics(request: MetricsRequest, rule: MetricsRule): boolean {
  if (rule.token && request.bearer !== undefined && sameSecret(request.bearer, rule.token)) return true;
  if (request.forwarded) return false;
  if (isLoopback(request.address)) return true;
  return (rule.networks ?? '')
    .split(',')
    .filter((n) => n.trim())
    .some((n) => inNetwork(request.address, n));
}
