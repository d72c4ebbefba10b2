import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { watchViolations } from './csp-watch';
import { expect, memberId, PASSWORD, signIn, test } from './fixtures';

// Response headers and compression (issue #8, docs/security.md "Response headers").
// Generated member 290 belongs to this file.

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET exactly as the server sends it: no decoding, no redirects followed. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function signInToken(request: APIRequestContext, username: string): Promise<string> {
  const answer = await (await request.post('/member/login', { data: { username, password: PASSWORD } })).json();
  return answer.result.access_token as string;
}

/** Directive name → its values, from a Content-Security-Policy header. */
function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean);
    if (name) map.set(name, values);
  }
  return map;
}

test('the payment pop-up opens from an order detail under the policy and shows the order', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await signInToken(request, memberId(290))}` };
  const products = (await (await request.get('/member/product?jenis=repeat-order', { headers })).json()).result.rows;
  const kopi = products.find((p: { nama: string }) => p.nama === 'Kopi Herbal Ginseng');
  const details = [{ id: kopi.public_id, qty: 1 }];
  const gudang = (await (await request.post('/member/gudang', { headers, data: { carts: details, is_online_pickup: true } })).json())
    .result[0];
  const created = await request.post('/member/transaction', {
    headers,
    data: {
      client_ref: randomUUID(),
      pickup_store: true,
      id_gudang: gudang.public_id,
      biaya_kirim: 0,
      is_asuransi: false,
      details,
      payment_method: 'bca_va',
      join_member: false,
      upgrade_member: false,
      is_ro: true,
    },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()).result;

  const found = await watchViolations(page);
  await signIn(page, memberId(290));
  await page.goto(`/transaksi/order-transaksi/detail/${order.public_id}`);
  await page.getByRole('button', { name: 'Bayar Sekarang' }).click();
  const frame = page.frameLocator('iframe[title="Simulator Pembayaran"]');
  await expect(frame.getByText(order.no_order)).toBeVisible();
  await frame.locator('#sim-close').click();
  await expect(page.locator('iframe[title="Simulator Pembayaran"]')).toHaveCount(0);
  expect(found).toEqual([]);
});

test('clickjacking: another site cannot frame the portal; the simulator frames only inside the portal', async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refusals.push(message.text());
  });
  // The other site: a page of its own on loopback (another origin), framing three addresses of the portal.
  const evil = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>evil</title>
      <iframe id="signin" src="${baseURL}/signin"></iframe>
      <iframe id="simulator" src="${baseURL}/pembayaran/simulator/token-buatan"></iframe>
      <iframe id="asset" src="${baseURL}/favicon.svg"></iframe>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const { port } = evil.address() as { port: number };
  try {
    await page.goto(`http://localhost:${port}/`);
  } finally {
    evil.close();
  }
  const frameUrl = async (id: string) => (await (await page.$(`#${id}`))?.contentFrame())?.url() ?? '';
  // The control: a plain public file does load in the other site's frame.
  await expect.poll(() => frameUrl('asset')).toBe(`${baseURL}/favicon.svg`);
  // The pages do not: Chromium replaces them by its error page and says why.
  await expect.poll(() => frameUrl('signin')).toMatch(/^chrome-error:/);
  await expect.poll(() => frameUrl('simulator')).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#signin').getByRole('button', { name: 'SIGN IN' })).toHaveCount(0);
  expect(refusals.some((r) => r.includes("frame-ancestors 'none'"))).toBe(true);
  expect(refusals.some((r) => r.includes("frame-ancestors 'self'"))).toBe(true);

  // Inside the portal the simulator page loads in a frame; an ordinary page still does not.
  refusals.length = 0;
  await page.goto('/signin');
  await page.evaluate(() => {
    for (const [id, src] of [
      ['simulator', '/pembayaran/simulator/token-buatan'],
      ['signin', '/forgot-password'],
    ]) {
      const frame = document.createElement('iframe');
      frame.id = id;
      frame.src = src;
      document.body.append(frame);
    }
  });
  await expect(page.frameLocator('#simulator').getByText('Token pembayaran tidak dikenal atau sudah tidak berlaku.')).toBeVisible();
  await expect.poll(() => frameUrl('signin')).toMatch(/^chrome-error:/);
  expect(refusals.some((r) => r.includes("frame-ancestors 'none'"))).toBe(true);
});

test('control: the violation watcher does report a blocked inline script', async ({ page }) => {
  const found = await watchViolations(page);
  await page.goto('/signin');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "1"';
    document.body.append(script);
  });
  await expect.poll(() => found.length).toBeGreaterThan(0);
  expect(await page.locator('body').getAttribute('data-injected')).toBeNull();
});

test('page headers: the Content-Security-Policy directives, no unsafe-inline scripts, X-Frame-Options', async ({ baseURL, request }) => {
  const token = await signInToken(request, 'demoplatinum');
  for (const [path, cookie] of [
    ['/signin', ''],
    ['/transaksi/order-transaksi/registrasi', token],
    ['/report/tree', token],
  ]) {
    const res = await rawGet(`${baseURL}${path}`, cookie ? { cookie: `pm_session=${cookie}` } : {});
    expect(res.status, path).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    expect(csp.get('form-action'), path).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('img-src'), path).toEqual(expect.arrayContaining(["'self'", 'data:']));
    const scripts = csp.get('script-src') ?? [];
    expect(scripts, path).toContain("'self'");
    expect(
      scripts.some((s) => s.startsWith("'sha256-")),
      path,
    ).toBe(true);
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    expect(csp.has('script-src-attr') ? csp.get('script-src-attr') : [], path).not.toContain("'unsafe-inline'");
    expect(res.headers['x-frame-options'], path).toBe('DENY');
    expect(res.headers['x-content-type-options'], path).toBe('nosniff');
  }
  const simulator = await rawGet(`${baseURL}/pembayaran/simulator/token-buatan`);
  expect(directives(simulator.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual(["'self'"]);
  expect(simulator.headers['x-frame-options']).toBe('SAMEORIGIN');
});

test('HSTS only when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy), never on plain http', async ({ baseURL }) => {
  // The test server runs with TRUST_PROXY=1 (playwright.config.ts), like a portal behind its proxy.
  const plain = await rawGet(`${baseURL}/signin`);
  expect(plain.headers['strict-transport-security']).toBeUndefined();
  const proxied = await rawGet(`${baseURL}/signin`, { 'x-forwarded-proto': 'https' });
  expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const api = await rawGet(`${baseURL}/member/dashboard`, { 'x-forwarded-proto': 'https' });
  expect(api.status).toBe(401);
  expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('compression: pages, scripts and JSON follow Accept-Encoding; small answers and PDFs stay as they are', async ({
  baseURL,
  request,
}) => {
  const plain = await rawGet(`${baseURL}/signin`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const page = plain.body.toString('utf8');
  expect(page).toContain('<h1>Sign In</h1>');

  const gzip = await rawGet(`${baseURL}/signin`, { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
  const unzipped = zlib.gunzipSync(gzip.body).toString('utf8');
  expect(unzipped).toContain('<h1>Sign In</h1>');
  expect(unzipped.length).toBeGreaterThan(gzip.body.length * 2);

  const br = await rawGet(`${baseURL}/signin`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toContain('<h1>Sign In</h1>');

  // The stepper's bundled script: compressed and cached for a year (its name changes with its content).
  const token = await signInToken(request, 'demoplatinum');
  const stepper = (await rawGet(`${baseURL}/transaksi/order-transaksi/registrasi`, { cookie: `pm_session=${token}` })).body.toString(
    'utf8',
  );
  const script = stepper.match(/component-url="(\/_astro\/[^"]+\.js)"/)?.[1];
  expect(script, 'the stepper island script').toBeTruthy();
  const original = await rawGet(`${baseURL}${script}`);
  expect(original.headers['content-encoding']).toBeUndefined();
  expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const asset = await rawGet(`${baseURL}${script}`, { 'accept-encoding': 'gzip' });
  expect(asset.status).toBe(200);
  expect(asset.headers['content-encoding']).toBe('gzip');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
  expect(zlib.gunzipSync(asset.body).equals(original.body)).toBe(true);
  const brotli = await rawGet(`${baseURL}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
  expect(zlib.brotliDecompressSync(brotli.body).equals(original.body)).toBe(true);

  // A long JSON answer is compressed, a short one (the 401 envelope) is not worth it.
  const json = await rawGet(`${baseURL}/member/product?jenis=repeat-order`, {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip',
  });
  expect(json.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(json.body).toString('utf8')).success).toBe(true);
  const small = await rawGet(`${baseURL}/member/dashboard`, { 'accept-encoding': 'gzip' });
  expect(small.status).toBe(401);
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(small.body.toString('utf8')).message).toBe('Sesi berakhir, silakan login kembali');

  // A tax slip PDF is already compressed: sent as it is, whole.
  const silver = await signInToken(request, 'demosilver');
  const pph = (await rawGet(`${baseURL}/report/pph`, { cookie: `pm_session=${silver}` })).body.toString('utf8');
  const slipId = pph.match(/href="\/report\/pph\?year=\d+&(?:amp;)?bupot=([\d-]+)"/)?.[1];
  expect(slipId, 'a tax slip link').toBeTruthy();
  const pdf = await rawGet(`${baseURL}/member/reports/download-bupot/${slipId}`, {
    authorization: `Bearer ${silver}`,
    'accept-encoding': 'gzip, br',
  });
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(pdf.headers['content-encoding']).toBeUndefined();
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
