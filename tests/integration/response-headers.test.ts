import { createContext } from 'astro/middleware';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequest } from '../../src/middleware';
import { answer } from '../../src/server/http';
import { completePolicy, HSTS, isHttpsRequest } from '../../src/server/response-headers';

// The security headers added by src/middleware.ts (docs/security.md "Response headers").

/** Astro's own policy for a page as the build makes it (fixed directives, then hashes). */
const ASTRO_POLICY =
  "default-src 'self'; object-src 'none'; frame-src 'self'; connect-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; style-src-attr 'unsafe-inline'";

/** Runs the real middleware; `page` stands for what the page would answer. */
async function visit(
  url: string,
  page: () => Response = () => new Response('halaman', { headers: { 'content-security-policy': ASTRO_POLICY } }),
  headers: HeadersInit = {},
) {
  const ctx = createContext({ request: new Request(url, { headers }), clientAddress: '127.0.0.1', defaultLocale: 'id' });
  return (await onRequest(ctx as never, async () => page())) as Response;
}

const directive = (policy: string | null, name: string) =>
  policy
    ?.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('completePolicy', () => {
  it("adds frame-ancestors 'none', or 'self' for a page that allows same-origin framing, replacing any earlier value", () => {
    expect(directive(completePolicy(ASTRO_POLICY, { sameOriginFraming: false }), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(completePolicy(ASTRO_POLICY, { sameOriginFraming: true }), 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(completePolicy(`${ASTRO_POLICY}; frame-ancestors *`, { sameOriginFraming: false }), 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
    // Kept per process by its inputs: asked again, each answers as the first time.
    expect(directive(completePolicy(ASTRO_POLICY, { sameOriginFraming: false }), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(completePolicy(ASTRO_POLICY, { sameOriginFraming: true }), 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('lets the payment provider load its script, open its frame and call its API, once, keeping the hashes', () => {
    const origin = 'https://app.sandbox.midtrans.com';
    const policy = completePolicy(completePolicy(ASTRO_POLICY, { sameOriginFraming: false, paymentOrigin: origin }), {
      sameOriginFraming: false,
      paymentOrigin: origin,
    });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'sha256-abc=' ${origin}`);
    expect(directive(policy, 'frame-src')).toBe(`frame-src 'self' ${origin}`);
    expect(directive(policy, 'connect-src')).toBe(`connect-src 'self' ${origin}`);
    expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'sha256-def=' ${origin}`);
    expect(directive(policy, 'script-src-elem')).toBeUndefined();
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
  });
});

describe('isHttpsRequest', () => {
  const request = (url: string, proto?: string) => new Request(url, { headers: proto ? { 'x-forwarded-proto': proto } : {} });
  it('https URL yes; plain http no; a forwarded https only behind a trusted proxy; production always', () => {
    expect(isHttpsRequest(request('https://portal.test/'), new URL('https://portal.test/'))).toBe(true);
    expect(isHttpsRequest(request('http://portal.test/'), new URL('http://portal.test/'))).toBe(false);
    expect(isHttpsRequest(request('http://portal.test/', 'https'), new URL('http://portal.test/'))).toBe(false);
    vi.stubEnv('TRUST_PROXY', '1');
    expect(isHttpsRequest(request('http://portal.test/', 'https'), new URL('http://portal.test/'))).toBe(true);
    expect(isHttpsRequest(request('http://portal.test/', 'https, http'), new URL('http://portal.test/'))).toBe(true);
    expect(isHttpsRequest(request('http://portal.test/', 'http'), new URL('http://portal.test/'))).toBe(false);
    vi.stubEnv('TRUST_PROXY', '');
    vi.stubEnv('PORTAL_ENV', 'production');
    expect(isHttpsRequest(request('http://portal.test/'), new URL('http://portal.test/'))).toBe(true);
  });
});

describe('the middleware', () => {
  it('completes a page policy: frame-ancestors from its X-Frame-Options, and no Midtrans origin without its keys', async () => {
    vi.stubEnv('MIDTRANS_SERVER_KEY', '');
    vi.stubEnv('MIDTRANS_CLIENT_KEY', '');
    const page = await visit('http://portal.test/signin');
    const policy = page.headers.get('content-security-policy');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc='");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const simulator = await visit(
      'http://portal.test/pembayaran/simulator/x',
      () =>
        new Response('pop-up', {
          headers: { 'content-security-policy': ASTRO_POLICY, 'x-frame-options': 'SAMEORIGIN' },
        }),
    );
    expect(directive(simulator.headers.get('content-security-policy'), 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(simulator.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('with Midtrans keys: the sandbox or production Snap origin in script-src and frame-src', async () => {
    vi.stubEnv('MIDTRANS_SERVER_KEY', 'SB-Mid-server-x');
    vi.stubEnv('MIDTRANS_CLIENT_KEY', 'SB-Mid-client-x');
    const sandbox = (await visit('http://portal.test/signin')).headers.get('content-security-policy');
    expect(directive(sandbox, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://app.sandbox.midtrans.com");
    expect(directive(sandbox, 'frame-src')).toBe("frame-src 'self' https://app.sandbox.midtrans.com");
    vi.stubEnv('MIDTRANS_PRODUCTION', '1');
    const production = (await visit('http://portal.test/signin')).headers.get('content-security-policy');
    expect(directive(production, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://app.midtrans.com");
  });

  it('leaves the own policy of API answers alone (evidence files: default-src none)', async () => {
    const file = await visit(
      'http://portal.test/member/login',
      () => new Response('x', { headers: { 'content-security-policy': "default-src 'none'" } }),
    );
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'");
  });

  it('HSTS on pages, API answers and redirects over HTTPS only', async () => {
    expect((await visit('http://portal.test/signin')).headers.get('strict-transport-security')).toBeNull();
    expect(
      (await visit('http://portal.test/signin', undefined, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'),
    ).toBeNull();
    expect((await visit('https://portal.test/signin')).headers.get('strict-transport-security')).toBe(HSTS);
    vi.stubEnv('TRUST_PROXY', '1');
    expect(
      (await visit('http://portal.test/signin', undefined, { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'),
    ).toBe(HSTS);
    const api = await visit('http://portal.test/member/dashboard', undefined, { 'x-forwarded-proto': 'https' });
    expect(api.status).toBe(401);
    expect(api.headers.get('strict-transport-security')).toBe(HSTS);
    const redirect = await visit('http://portal.test/report/tree', undefined, { 'x-forwarded-proto': 'https' });
    expect(redirect.headers.get('location')).toBe('/signin');
    expect(redirect.headers.get('strict-transport-security')).toBe(HSTS);
    vi.stubEnv('TRUST_PROXY', '');
    vi.stubEnv('PORTAL_ENV', 'production');
    expect((await visit('http://portal.test/signin')).headers.get('strict-transport-security')).toBe(HSTS);
  });
});

it('JSON answers carry their length, so the server can leave short ones uncompressed', async () => {
  const response = answer({ nama: 'Budi Santoso' });
  const body = await response.text();
  expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(JSON.parse(body)).toEqual({ success: true, message: 'OK', result: { nama: 'Budi Santoso' } });
});
