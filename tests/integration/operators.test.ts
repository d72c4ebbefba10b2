// @template year — a PAID order of the demo for the operator's history row

import { createContext } from 'astro/middleware';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onRequest } from '../../src/middleware';
import { getDb } from '../../src/server/db/client';
import { auditLog, operators } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { resolveSession, SESSION_COOKIE } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import { createOperator } from '../../src/server/services/operator/create-operator';
import { listAudit } from '../../src/server/services/operator/list-audit';
import { OPERATOR_COOKIE, resolveOperatorSession } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';

const ORIGIN = 'http://portal.test';

async function visit(path: string, cookies: Record<string, string> = {}, bearer?: string) {
  const headers = new Headers();
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  if (cookie) headers.set('cookie', cookie);
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  const ctx = createContext({ request: new Request(ORIGIN + path, { headers }), clientAddress: '127.0.0.1', defaultLocale: 'id' });
  let reached = false;
  const response = (await onRequest(ctx as never, async () => {
    reached = true;
    return new Response('halaman', { status: 200 });
  })) as Response;
  return { response, reached, locals: ctx.locals };
}

const operatorToken = async (username: string) =>
  (await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `op-${username}` })).token;
const memberToken = async () =>
  (await signIn({ username: 'demosilver', password: 'rahasia123', remember: false }, { address: '192.0.2.7' })).token;

describe('operator accounts', () => {
  it('the demo seed has one operator per role, passwords as argon2id', async () => {
    const db = await getDb();
    const rows = await db.select({ role: operators.role, hash: operators.passwordHash }).from(operators).orderBy(operators.role);
    expect(rows.map((row) => row.role)).toEqual(['CS', 'GUDANG', 'KEUANGAN', 'KONTEN', 'SUPERADMIN']);
    for (const row of rows) expect(row.hash).toMatch(/^\$argon2id\$/);
  });

  it('signs in with its own credentials; a member login is not an operator login and vice versa', async () => {
    const token = await operatorToken('gudang');
    expect((await resolveOperatorSession(token))?.role).toBe('GUDANG');
    expect(await resolveSession(token)).toBeUndefined();
    const member = await memberToken();
    expect(await resolveOperatorSession(member)).toBeUndefined();
    await expect(signInOperator({ username: 'demosilver', password: 'rahasia123' }, { address: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Username atau password operator salah',
    });
  });

  it('is rate limited after repeated failures from one address, like members (strangers cannot lock the owner out)', async () => {
    for (let i = 0; i < 5; i++) {
      await signInOperator({ username: 'konten', password: 'salah-salah' }, { address: 'rl-stranger' }).catch(() => {});
    }
    await expect(
      signInOperator({ username: 'konten', password: DEMO_OPERATOR_PASSWORD }, { address: 'rl-stranger' }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect((await signInOperator({ username: 'konten', password: DEMO_OPERATOR_PASSWORD }, { address: 'rl-owner' })).operator.role).toBe(
      'KONTEN',
    );
  });

  it('creating an operator writes an audit row in the same transaction; a duplicate writes none', async () => {
    await createOperator(
      { username: 'Budi.Gudang', nama: 'Budi', role: 'GUDANG', password: 'panjang-sekali-1' },
      { id: null, nama: 'Sistem' },
    );
    await expect(
      createOperator({ username: 'budi.gudang', nama: 'Budi 2', role: 'CS', password: 'panjang-sekali-1' }, { id: null, nama: 'Sistem' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      createOperator({ username: 'x1', nama: 'X', role: 'CS', password: 'pendek' }, { id: null, nama: 'Sistem' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT' });
    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'operator:create'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      object: 'operator:budi.gudang',
      operatorNama: 'Sistem',
      before: null,
      after: { username: 'budi.gudang', role: 'GUDANG' },
    });
    expect(JSON.stringify(rows[0]!.after)).not.toContain('panjang-sekali');
    expect((await listAudit({ object: 'budi' })).map((row) => row.object)).toEqual(['operator:budi.gudang']);
    expect(await listAudit({ operator: 'tidak-ada' })).toEqual([]);
  });
});

describe('the /admin branch of the middleware', () => {
  it('signed out: /admin pages go to /admin/signin, which opens', async () => {
    const page = await visit('/admin');
    expect(page.reached).toBe(false);
    expect(page.response.headers.get('location')).toBe('/admin/signin');
    expect((await visit('/admin/signin')).reached).toBe(true);
  });

  it('a member session (cookie or bearer) never reaches /admin', async () => {
    const token = await memberToken();
    for (const attempt of [
      await visit('/admin', { [SESSION_COOKIE]: token }),
      await visit('/admin/audit', {}, token),
      await visit('/admin', { [OPERATOR_COOKIE]: token }),
    ]) {
      expect(attempt.reached).toBe(false);
      expect(attempt.response.headers.get('location')).toBe('/admin/signin');
    }
  });

  it('an operator session never opens member pages or the member API', async () => {
    const token = await operatorToken('cs');
    const page = await visit('/', { [OPERATOR_COOKIE]: token });
    expect(page.reached).toBe(false);
    expect(page.response.headers.get('location')).toBe('/signin');
    expect(page.locals.member).toBeUndefined();
    const api = await visit('/member/dashboard', {}, token);
    expect(api.response.status).toBe(401);
  });

  it('filters by role: the audit trail is SUPERADMIN only', async () => {
    const cs = await operatorToken('cs');
    const overview = await visit('/admin', { [OPERATOR_COOKIE]: cs });
    expect(overview.reached).toBe(true);
    expect(overview.locals.operator?.role).toBe('CS');
    const audit = await visit('/admin/audit', { [OPERATOR_COOKIE]: cs });
    expect(audit.reached).toBe(false);
    expect(audit.response.status).toBe(403);
    expect((await visit('/admin/orders', { [OPERATOR_COOKIE]: cs })).response.status).toBe(403);
    expect((await visit('/admin/orders', { [OPERATOR_COOKIE]: await operatorToken('keuangan') })).response.status).toBe(403);
    expect((await visit('/admin/orders?status=PAID', { [OPERATOR_COOKIE]: await operatorToken('gudang') })).reached).toBe(true);
    const superadmin = await operatorToken('superadmin');
    expect((await visit('/admin/audit', { [OPERATOR_COOKIE]: superadmin })).reached).toBe(true);
  });
});

describe('an order moved from the console', () => {
  it('names the operator in the member-visible history and audits the change in the same transaction', async () => {
    const { operateOrder } = await import('../../src/server/services/order/operate-order');
    const { orders, orderHistories } = await import('../../src/server/db/schema');
    const db = await getDb();
    const [order] = await db.select({ id: orders.id, noOrder: orders.noOrder }).from(orders).where(eq(orders.statusOrder, 'PAID')).limit(1);
    const by = { id: 2, nama: 'Gilang Gudang' };
    await operateOrder('pack', order!.noOrder, { by });
    const [history] = await db
      .select()
      .from(orderHistories)
      .where(eq(orderHistories.orderId, order!.id))
      .orderBy(desc(orderHistories.id))
      .limit(1);
    expect(history).toMatchObject({ status: 'WAREHOUSE', adminNama: 'Gilang Gudang' });
    const audit = await listAudit({ object: order!.noOrder });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order:pack',
      operatorNama: 'Gilang Gudang',
      before: { status_order: 'PAID' },
      after: { status_order: 'WAREHOUSE' },
    });
    // A refused move (wrong from-state) changes nothing and leaves no audit row.
    await expect(operateOrder('pack', order!.noOrder, { by })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await listAudit({ object: order!.noOrder })).toHaveLength(1);
  });
});
