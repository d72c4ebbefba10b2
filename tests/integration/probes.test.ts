import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { sessionOf } from './helpers';
import { callRoute } from './route-harness';

/** Issue #24: /healthz, /readyz and /metrics for a proxy and an operator, and the request id. */

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['METRICS_TOKEN', 'METRICS_NETWORK', 'DATABASE_READ_URL']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('health and readiness', () => {
  it('/healthz answers ok without a session', async () => {
    const r = await callRoute('/healthz', 'GET');
    expect(r.status).toBe(200);
    expect(r.text).toBe('ok\n');
  });

  it('/readyz: ready with the database reachable and every migration applied', async () => {
    const r = await callRoute('/readyz', 'GET');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ready: true, database: true, migrations: true });
  });

  it('/readyz: 503 when the newest migration of this build is not recorded as applied', async () => {
    const db = await getDb();
    await db.execute(sql`create temporary table hidden_migration as
      select * from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    try {
      const r = await callRoute('/readyz', 'GET');
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ ready: false, database: true, migrations: false });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations select * from hidden_migration`);
    }
  });

  it('/readyz: 503 when DATABASE_READ_URL names a replica that does not answer', async () => {
    process.env.DATABASE_READ_URL = 'postgres://postgres@127.0.0.1:9/none';
    const r = await callRoute('/readyz', 'GET');
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ ready: false, database: true, migrations: true, replica: { reachable: false, ok: false } });
  });
});

describe('/metrics access and content', () => {
  it('refused (404) to a caller that is neither local nor holds the token', async () => {
    expect((await callRoute('/metrics', 'GET', { clientAddress: '192.0.2.7' })).status).toBe(404);
    expect((await callRoute('/metrics', 'GET', { clientAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.0.2.7' } })).status).toBe(
      404,
    );
    process.env.METRICS_TOKEN = 'token-metrik-uji';
    expect((await callRoute('/metrics', 'GET', { clientAddress: '192.0.2.7', bearer: 'bukan-token' })).status).toBe(404);
    process.env.METRICS_NETWORK = '10.20.0.0/16';
    expect((await callRoute('/metrics', 'GET', { clientAddress: '10.21.0.1' })).status).toBe(404);
  });

  it('answered to loopback, to the configured network and to the token, with the figures the operator needs', async () => {
    const me = await sessionOf('demoplatinum');
    await callRoute('/member/reports/downline-report', 'GET', { bearer: me.token });
    const local = await callRoute('/metrics', 'GET', { clientAddress: '127.0.0.1' });
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toContain('text/plain');
    const text = local.text;
    expect(text).toMatch(/^portal_http_requests_total\{route="\/member\/reports\/downline-report",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^portal_http_request_duration_seconds_count\{route="\/member\/reports\/downline-report",method="GET"\} [1-9]/m);
    expect(text).toMatch(/^portal_db_up 1$/m);
    // PostgreSQL: DATABASE_POOL, or by default twice the machine's cores and at least 4 (README); PGlite: one.
    const [, kind, poolMax] = text.match(/^portal_db_pool_max\{kind="(pglite|postgres)"\} (\d+)$/m) ?? [];
    const documentedPool = process.env.DATABASE_POOL ? Number(process.env.DATABASE_POOL) : Math.max(4, 2 * os.availableParallelism());
    expect(Number(poolMax)).toBe(kind === 'postgres' ? documentedPool : 1);
    const db = await getDb();
    for (const { status, n } of await selectRows<{ status: string; n: number }>(
      db,
      sql`select status_order as status, count(*)::int as n from orders group by 1`,
    )) {
      expect(text).toContain(`portal_orders{status="${status}"} ${n}\n`);
    }
    expect(text).toMatch(/^# TYPE portal_job_runs gauge$/m);
    expect(text).toMatch(/^# TYPE portal_payouts gauge$/m);

    process.env.METRICS_NETWORK = '10.20.0.0/16';
    expect((await callRoute('/metrics', 'GET', { clientAddress: '10.20.3.4' })).status).toBe(200);
    process.env.METRICS_TOKEN = 'token-metrik-uji';
    expect((await callRoute('/metrics', 'GET', { clientAddress: '192.0.2.7', bearer: 'token-metrik-uji' })).status).toBe(200);
  });

  it("every answer carries a request id: the proxy's when it gives one, a new one otherwise", async () => {
    const given = await callRoute('/healthz', 'GET', { headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-abc.123');
    const made = await callRoute('/readyz', 'GET', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
