// @template year — the demo's expired and pending orders

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { AppError } from '../../src/server/errors';
import { notificationSignature } from '../../src/server/integrations/payment/signature';
import { simulatorGateway } from '../../src/server/integrations/payment/simulator';
import { handlePaymentNotification } from '../../src/server/services/order/handle-payment-notification';
import { issuePaymentToken } from '../../src/server/services/order/issue-payment-token';
import { simulatePayment } from '../../src/server/services/order/simulate-payment';

/**
 * Issue #13 "payment webhook": the signature covers status_code, not transaction_status, so the
 * status must belong to its code; a capture counts only when the fraud check accepted it; with
 * Midtrans keys the status is confirmed with the Get Status API (a local stand-in answering as
 * docs.midtrans.com documents); amounts over Rp 2.147.483.647 work for the token and the payment.
 */

interface Pending {
  id: number;
  no_order: string;
  member_id: number;
  total_bayar: number;
}

let pending: Pending[] = [];
let next = 0;
/** A PENDING online order of the demo no other test here used. */
const takeOrder = (): Pending => pending[next++]!;

const statusOf = async (id: number) =>
  (await selectRows<{ status_order: string }>(await getDb(), sql`select status_order from orders where id = ${id}`))[0]!.status_order;

function notification(order: Pending, key: string, status: string, statusCode: string, extra: Record<string, unknown> = {}) {
  const gross = `${order.total_bayar}.00`;
  return {
    order_id: order.no_order,
    status_code: statusCode,
    gross_amount: gross,
    transaction_status: status,
    payment_type: 'bank_transfer',
    transaction_id: randomUUID(),
    transaction_time: '2026-11-22 10:00:00',
    signature_key: notificationSignature(order.no_order, statusCode, gross, key),
    ...extra,
  };
}

async function refused(body: Record<string, unknown>): Promise<AppError> {
  const error = await handlePaymentNotification(body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  const db = await getDb();
  // The demo has a few PENDING orders; expired repeat orders of the demo are opened again for the rest.
  await db.execute(sql`update orders set status_order = 'PENDING', payment_token = null, expires_at = now() + interval '1 day'
    where id in (select id from orders where status_order = 'EXPIRED' and jenis_order = 'ro' and not via_referral
      and payment_method not in ('cash', 'transferbca') order by id limit 10)`);
  pending = await selectRows<Pending>(
    db,
    sql`
    select id::int as id, no_order, member_id::int as member_id, total_bayar::float8 as total_bayar from orders
    where status_order = 'PENDING' and not via_referral and payment_method not in ('cash', 'transferbca') order by id limit 12`,
  );
  expect(pending.length).toBeGreaterThanOrEqual(8);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('transaction_status is bound to the signed status_code', () => {
  it('a signed pending notification (201) replayed as settlement changes nothing', async () => {
    const order = takeOrder();
    const key = await simulatorGateway.serverKey();
    const signedPending = notification(order, key, 'pending', '201');
    const error = await refused({ ...signedPending, transaction_status: 'settlement' });
    expect(error.message).toBe('Status notifikasi tidak sesuai dengan kode statusnya');
    expect(await statusOf(order.id)).toBe('PENDING');
    expect(await handlePaymentNotification(signedPending)).toEqual({ outcome: 'PENDING' });
  });

  it('a signed deny (202) replayed as expire or cancel does not close the order', async () => {
    const order = takeOrder();
    const key = await simulatorGateway.serverKey();
    const deny = notification(order, key, 'deny', '202');
    for (const status of ['expire', 'cancel', 'settlement', 'capture'])
      await refused({ ...deny, transaction_status: status, fraud_status: 'accept' });
    expect(await statusOf(order.id)).toBe('PENDING');
    expect(await handlePaymentNotification(deny)).toEqual({ outcome: 'IGNORED' });
  });

  it('capture counts only with fraud_status accept', async () => {
    const order = takeOrder();
    const key = await simulatorGateway.serverKey();
    expect(await handlePaymentNotification(notification(order, key, 'capture', '200'))).toEqual({ outcome: 'IGNORED' });
    expect(await handlePaymentNotification(notification(order, key, 'capture', '200', { fraud_status: 'challenge' }))).toEqual({
      outcome: 'IGNORED',
    });
    expect(await statusOf(order.id)).toBe('PENDING');
    expect(await handlePaymentNotification(notification(order, key, 'capture', '200', { fraud_status: 'accept' }))).toEqual({
      outcome: 'PAID',
    });
    expect(await statusOf(order.id)).toBe('PAID');
  });
});

describe('with Midtrans keys the status is confirmed with the Get Status API', () => {
  const SERVER_KEY = 'SB-Mid-server-standin';
  const answers = new Map<string, { status: number; body: Record<string, unknown> }>();
  const seen: { path: string; authorization: string | undefined }[] = [];
  let server: http.Server;

  beforeAll(async () => {
    // The documented answers of GET /v2/{order_id}/status (docs.midtrans.com "Get Transaction Status").
    server = http.createServer((req, res) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
      const orderId = decodeURIComponent(/^\/v2\/(.+)\/status$/.exec(req.url ?? '')?.[1] ?? '');
      const answer = answers.get(orderId) ?? { status: 404, body: { status_code: '404', status_message: "Transaction doesn't exist." } };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function useMidtrans() {
    vi.stubEnv('MIDTRANS_SERVER_KEY', SERVER_KEY);
    vi.stubEnv('MIDTRANS_CLIENT_KEY', 'SB-Mid-client-standin');
    vi.stubEnv('MIDTRANS_API_URL', `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  }
  const statusAnswer = (order: Pending, status: string, code: string, fraud?: string) => ({
    status: 200,
    body: {
      status_code: code,
      status_message: 'Success, transaction is found',
      transaction_id: randomUUID(),
      order_id: order.no_order,
      gross_amount: `${order.total_bayar}.00`,
      currency: 'IDR',
      payment_type: 'bank_transfer',
      transaction_time: '2026-11-22 10:00:00',
      transaction_status: status,
      ...(fraud ? { fraud_status: fraud } : {}),
    },
  });

  it('a signed settlement that Midtrans still reports as pending does not pay the order', async () => {
    useMidtrans();
    const order = takeOrder();
    answers.set(order.no_order, statusAnswer(order, 'pending', '201'));
    expect(await handlePaymentNotification(notification(order, SERVER_KEY, 'settlement', '200'))).toEqual({ outcome: 'PENDING' });
    expect(await statusOf(order.id)).toBe('PENDING');
    const asked = seen.at(-1)!;
    expect(asked.path).toBe(`/v2/${encodeURIComponent(order.no_order)}/status`);
    expect(asked.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
  });

  it('confirmed settlement pays; a transaction Midtrans does not know changes nothing', async () => {
    useMidtrans();
    const order = takeOrder();
    answers.set(order.no_order, statusAnswer(order, 'settlement', '200', 'accept'));
    expect(await handlePaymentNotification(notification(order, SERVER_KEY, 'settlement', '200'))).toEqual({ outcome: 'PAID' });
    expect(await statusOf(order.id)).toBe('PAID');
    const unknown = takeOrder();
    await expect(handlePaymentNotification(notification(unknown, SERVER_KEY, 'settlement', '200'))).rejects.toThrow(/Get Status.*404/);
    expect(await statusOf(unknown.id)).toBe('PENDING');
  });

  it('a signed pending replayed as settlement is answered from Get Status, not from the replay', async () => {
    useMidtrans();
    const order = takeOrder();
    answers.set(order.no_order, statusAnswer(order, 'pending', '201'));
    const signedPending = notification(order, SERVER_KEY, 'pending', '201');
    expect(await handlePaymentNotification({ ...signedPending, transaction_status: 'settlement' })).toEqual({ outcome: 'PENDING' });
    expect(await statusOf(order.id)).toBe('PENDING');
  });

  it('a confirmed capture challenged by the fraud check is not paid', async () => {
    useMidtrans();
    const order = takeOrder();
    answers.set(order.no_order, statusAnswer(order, 'capture', '200', 'challenge'));
    expect(await handlePaymentNotification(notification(order, SERVER_KEY, 'capture', '200', { fraud_status: 'accept' }))).toEqual({
      outcome: 'IGNORED',
    });
    expect(await statusOf(order.id)).toBe('PENDING');
  });
});

describe('amounts are bigint end to end', () => {
  it('an order of Rp 3.000.000.000 gets its payment token and is paid on settlement', async () => {
    const order = takeOrder();
    const db = await getDb();
    const big = 3_000_000_000;
    // The goods line carries the difference, so the lines still add up to the total.
    await db.execute(
      sql`update order_details set harga = harga + ${big - order.total_bayar} where id = (select min(id) from order_details where order_id = ${order.id})`,
    );
    await db.execute(
      sql`update orders set total_bayar = ${big}, total_harga = total_harga + ${big - order.total_bayar}, payment_token = null where id = ${order.id}`,
    );
    const token = await issuePaymentToken({ memberId: order.member_id, noOrder: order.no_order });
    expect(token.token).toMatch(/^SIM-/);
    expect(await simulatePayment(token.token, 'success')).toEqual({ outcome: 'PAID', status_code: '200' });
    const [row] = await selectRows<{ status_order: string; total_bayar: string }>(
      db,
      sql`select status_order, total_bayar::text as total_bayar from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ status_order: 'PAID', total_bayar: '3000000000' });
  });
});
