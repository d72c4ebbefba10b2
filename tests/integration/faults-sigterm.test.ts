import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/network';
import { findWarehouses } from '../../src/server/services/order/find-warehouses';
import { listProducts } from '../../src/server/services/order/list-products';
import { forgetSettingsCache } from '../../src/server/services/settings';
import { postJson, type ServerProcess, spawnServer, untilServing } from '../faults/server-process';
import { tempDir, usePostgres } from '../setup/databases';
import { testPort } from '../setup/ports';

/**
 * Issue #26: a normal SIGTERM stop was treated as a crash: the process died at once, PGlite was
 * never closed, and PostgreSQL's sequences came back at the value it logs ahead (order numbers
 * 760 → 789 across a restart). Now SIGTERM stops gracefully: the orders being created when the
 * signal comes are all answered, the database is closed cleanly, the process exits 0, and the
 * first order after the restart follows the last one before it.
 */
const PORT = testPort(Number(process.env.PORT_SIGTERM ?? 4821));
const work = tempDir('portal-sigterm-');

describe('SIGTERM under load: a graceful stop', { timeout: 300_000 }, () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers the requests in flight, closes the database, exits 0; order numbers go on without a gap', async () => {
    const db = await getDb();
    // Many unpaid orders by one member on purpose: lift the cap of unpaid orders.
    await db.execute(
      sql`insert into settings (key, value) values ('order_max_pending', '1000000'::jsonb) on conflict (key) do update set value = excluded.value`,
    );
    forgetSettingsCache();
    const details = (await listProducts('repeat-order')).rows.slice(0, 2).map((p) => ({ id: p.public_id, qty: 1 }));
    const [gudang] = await findWarehouses(details, { online: false, pickup: true });
    await closeDb();
    const env = usePostgres() ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: path.join(work, 'data') };
    if (env.DATA_DIR) fs.cpSync(process.env.DATA_DIR!, env.DATA_DIR, { recursive: true });

    let ref = 0;
    const order = async (base: string, token: string) => {
      const r = await postJson(
        base,
        '/member/transaction',
        {
          client_ref: `sigterm-${ref++}`,
          id_gudang: gudang!.public_id,
          details,
          payment_method: 'bca_va',
          is_ro: true,
          pickup_store: true,
        },
        { authorization: `Bearer ${token}` },
      );
      return {
        status: r.status,
        no: r.status === 201 ? (JSON.parse(r.text) as { result: { no_order: string } }).result.no_order : r.text.slice(0, 300),
      };
    };
    const serial = (no: string) => Number(no.split('-').pop());
    const signIn = async (base: string) => {
      const r = await postJson(base, '/member/login', { username: 'demosilver', password: DEMO_PASSWORD });
      return (JSON.parse(r.text) as { result: { access_token: string } }).result.access_token;
    };

    server = spawnServer(PORT, env);
    await untilServing(server);
    const token = await signIn(server.base);
    const first = await order(server.base, token);
    expect(first.status, first.no).toBe(201);

    // A burst of orders; SIGTERM once they are on their way. Each one is answered in full.
    const burst = Array.from({ length: 8 }, () => order(server!.base, token));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    const answers = await Promise.all(
      burst.map((p) => p.catch((error: Error) => ({ status: 0, no: `${error.message}: ${server!.output().slice(-1500)}` }))),
    );
    for (const a of answers) expect(a.status, a.no).toBe(201);
    const exit = await server.exited;
    expect(exit, server.output().slice(-2000)).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('[portal] SIGTERM: tidak menerima permintaan baru');
    expect(server.output()).toContain('[portal] berhenti dengan bersih (database ditutup)');
    const before = [first, ...answers].map((a) => serial(a.no)).sort((a, b) => a - b);
    // The burst's orders are consecutive among themselves, after the first.
    expect(before).toEqual(before.map((_, i) => before[0]! + i));

    server = spawnServer(PORT, env);
    await untilServing(server);
    const after = await order(server.base, await signIn(server.base));
    expect(after.status, after.no).toBe(201);
    expect(serial(after.no)).toBe(before.at(-1)! + 1);
  });
});
