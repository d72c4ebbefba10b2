import { execFileSync } from 'node:child_process';
import type { APIContext } from 'astro';
import { createContext } from 'astro/middleware';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRequest } from '../../src/middleware';
import { PUT as putProfile } from '../../src/pages/member/account/[id]';
import { getDb, getReadDb, selectRows } from '../../src/server/db/client';
import { forgetMemberWrites, replicaStatus } from '../../src/server/db/replica';
import { members } from '../../src/server/db/schema';
import { reportReads } from '../../src/server/metrics';
import { LAST_WRITE_COOKIE } from '../../src/server/read-your-writes';
import { getDownlineReport } from '../../src/server/services/network/get-downline-report';
import { checkReadiness } from '../../src/server/services/ops/check-readiness';
import { sessionOf } from '../integration/helpers';
import { callRoute, ORIGIN } from '../integration/route-harness';

/**
 * ADR 0019 on a real hot standby (scripts/replica-test.sh): report reads are served by the standby,
 * writes and a member's reads after their own change by the primary; a standby lagging past
 * READ_REPLICA_MAX_LAG_SECONDS or lost leaves reports on the primary, answering 200.
 * The tests run in order: they share the one standby (replay paused, resumed, stopped, started).
 */

const readUrl = process.env.DATABASE_READ_URL!;
const primary = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
const standby = postgres(readUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(100);
  }
}

const primaryLsn = async () => (await primary`select pg_current_wal_lsn()::text as lsn`)[0]!.lsn as string;
/** The standby has replayed everything the primary wrote so far. */
const caughtUp = async () => {
  const lsn = await primaryLsn();
  await until('standby replayed', async () => (await standby`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as ok`)[0]!.ok);
};
/** The standby has received (not necessarily replayed) everything the primary wrote so far. */
const received = async () => {
  const lsn = await primaryLsn();
  await until('standby received', async () => (await standby`select pg_last_wal_receive_lsn() >= ${lsn}::pg_lsn as ok`)[0]!.ok);
};
/** Lets the routing's next look at the replica happen (READ_REPLICA_CHECK_MS is 100 here). */
const nextLook = () => sleep(250);
/** portal_report_reads_total by served_by, as /metrics shows it. */
const reads = async () => Object.fromEntries((await reportReads.get()).values.map((v) => [v.labels.served_by, v.value]));

function pgCtl(...args: string[]): void {
  const command = [process.env.REPLICA_TEST_PG_CTL!, '-D', process.env.REPLICA_TEST_STANDBY_DIR!, ...args];
  if (process.env.REPLICA_TEST_AS_ROOT === '1') execFileSync('runuser', ['-u', 'postgres', '--', ...command], { stdio: 'ignore' });
  else execFileSync(command[0]!, command.slice(1), { stdio: 'ignore' });
}

type Me = Awaited<ReturnType<typeof sessionOf>>;
let me: Me;
let renamed: string;

beforeAll(async () => {
  process.env.READ_REPLICA_MAX_LAG_SECONDS = '60';
  me = await sessionOf('demoplatinum');
  await caughtUp();
});

afterAll(async () => {
  await primary.end();
  await standby.end({ timeout: 1 });
});

const nameOn = async (on: postgres.Sql, idMember: string) =>
  (await on`select nama from members where id_member = ${idMember}`)[0]!.nama as string;

describe('report reads on a real hot standby (DATABASE_READ_URL)', () => {
  it('a report is served by the standby; a write goes to the primary', async () => {
    const { db, replica } = await getReadDb(me.id);
    expect(replica).toBe(true);
    const [served] = await selectRows<{ standby: boolean; port: number }>(
      db,
      sql`select pg_is_in_recovery() as standby, current_setting('port')::int as port`,
    );
    expect(served).toEqual({ standby: true, port: Number(process.env.REPLICA_TEST_STANDBY_PORT) });

    const before = await getDownlineReport(me, { page: 1, pageSize: 20 });
    const newest = before.rows[0]!;
    renamed = newest.id_member;
    // Replay paused: the standby receives the primary's WAL but does not apply it, so what it
    // serves is recognisably older than the primary.
    await standby`select pg_wal_replay_pause()`;
    const writer = await getDb();
    const [onPrimary] = await selectRows<{ standby: boolean }>(writer, sql`select pg_is_in_recovery() as standby`);
    expect(onPrimary!.standby).toBe(false);
    await writer.update(members).set({ nama: 'Nama Baru Di Primary' }).where(eq(members.idMember, renamed));
    await received();

    expect(await nameOn(primary, renamed)).toBe('Nama Baru Di Primary');
    expect(await nameOn(standby, renamed)).toBe(newest.nama);
    const counted = await reads();
    const after = await getDownlineReport(me, { page: 1, pageSize: 20 });
    expect((await reads()).replica).toBe((counted.replica ?? 0) + 1);
    expect(after.rows.find((r) => r.id_member === renamed)?.nama).toBe(newest.nama);
    expect((await replicaStatus(readUrl)).lagSeconds).toBeLessThan(60);
  });

  it("a member's reads right after their own change are served by the primary, in this process and (by the cookie) in another", async () => {
    const oldName = await nameOn(standby, me.idMember);
    // The real middleware and the profile endpoint; the cookies the middleware set are read from
    // its context (Astro adds them to the response it sends).
    const request = new Request(`${ORIGIN}/member/account/${me.publicId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        username: me.username,
        nama: 'Pemimpin Baru',
        agama: 'ISLAM',
        status_kawin: 'KAWIN',
        propinsi_domisili: '35',
        kota_domisili: '35.78',
      }),
    });
    const ctx = createContext({ request, params: { id: me.publicId }, clientAddress: '192.0.2.250', defaultLocale: 'id' });
    const put = (await onRequest(ctx as never, async () => putProfile(ctx as unknown as APIContext))) as Response;
    expect(put.status, await put.clone().text()).toBe(200);
    const setCookies = [...(ctx.cookies as unknown as { headers(): Iterable<string> }).headers()];
    const cookie = setCookies.find((c) => c.startsWith(`${LAST_WRITE_COOKIE}=`));
    expect(cookie).toMatch(new RegExp(`^${LAST_WRITE_COOKIE}=\\d+;.*Max-Age=6[0-9];.*HttpOnly`, 'i'));
    await received();
    // The standby still has the old name (replay paused): a report that shows the new one came from the primary.
    expect(await nameOn(standby, me.idMember)).toBe(oldName);
    const tree = async (headers?: Record<string, string>) => {
      const res = await callRoute('/member/reports/tree', 'GET', { bearer: me.token, headers });
      expect(res.status).toBe(200);
      return (res.json!.result as { tree: { nama: string } }).tree.nama;
    };
    expect(await tree()).toBe('Pemimpin Baru');

    // Another web process has no mark of its own: without the cookie it reads the standby (old
    // name), with the cookie the primary.
    forgetMemberWrites();
    expect(await tree()).toBe(oldName);
    expect(await tree({ cookie: cookie!.split(';')[0]! })).toBe('Pemimpin Baru');
    // A member who changed nothing is still served by the standby meanwhile.
    const other = await sessionOf('demosilver');
    expect((await getReadDb(other.id)).replica).toBe(true);
  });

  it('a standby lagging past READ_REPLICA_MAX_LAG_SECONDS: reports come from the primary; back to the standby once caught up', async () => {
    forgetMemberWrites();
    process.env.READ_REPLICA_MAX_LAG_SECONDS = '1';
    // A write the paused standby receives but does not replay makes the lag grow past the bound.
    await (await getDb()).update(members).set({ nama: 'Nama Baru Di Primary' }).where(eq(members.idMember, renamed));
    await received();
    await until('lag past 1 s', async () => ((await replicaStatus(readUrl)).lagSeconds ?? 0) > 1);
    await nextLook();
    expect((await getReadDb(me.id)).replica).toBe(false);
    expect(await nameOn(standby, renamed)).not.toBe('Nama Baru Di Primary');
    const report = await getDownlineReport(me, { page: 1, pageSize: 20 });
    expect(report.rows.find((r) => r.id_member === renamed)?.nama).toBe('Nama Baru Di Primary');
    const res = await callRoute('/member/reports/downline-report', 'GET', { bearer: me.token });
    expect(res.status).toBe(200);
    const ready = await checkReadiness();
    expect(ready.ready).toBe(false);
    expect(ready.replica).toMatchObject({ reachable: true, standby: true, ok: false });

    await standby`select pg_wal_replay_resume()`;
    await caughtUp();
    await nextLook();
    expect((await getReadDb(me.id)).replica).toBe(true);
    expect(await nameOn(standby, renamed)).toBe('Nama Baru Di Primary');
    expect((await checkReadiness()).ready).toBe(true);
    process.env.READ_REPLICA_MAX_LAG_SECONDS = '60';
  });

  it('the standby lost (stopped): every rerouted report still answers 200 from the primary; reads return once it is back', async () => {
    forgetMemberWrites();
    // The routing trusts its last look for a minute: the first reads after the loss hit the dead
    // standby mid-read and must be run again on the primary.
    process.env.READ_REPLICA_CHECK_MS = '60000';
    await nextLook();
    expect((await getReadDb(me.id)).replica).toBe(true);
    pgCtl('-m', 'fast', '-w', 'stop');

    const retried = (await reads()).primary_retry ?? 0;
    const report = await callRoute('/member/reports/downline-report', 'GET', { bearer: me.token });
    expect(report.status, report.text).toBe(200);
    expect((await reads()).primary_retry).toBe(retried + 1);
    expect((report.json!.result as { rows: { id_member: string; nama: string }[] }).rows.find((r) => r.id_member === renamed)?.nama).toBe(
      'Nama Baru Di Primary',
    );
    expect((await getReadDb(me.id)).replica).toBe(false);

    process.env.READ_REPLICA_CHECK_MS = '100';
    await nextLook();
    for (const [route, query] of [
      ['/member/reports/downline-report', { filter: JSON.stringify({ summary: true }) }],
      ['/member/reports/tree', {}],
      ['/member/reports/omset', {}],
      ['/member/reports/bonus-harian', {}],
      ['/member/reports/bonus-bulanan', {}],
      ['/member/reports/redemption-statement', {}],
      ['/member/dashboard', {}],
    ] as const) {
      const res = await callRoute(route, 'GET', { bearer: me.token, query });
      expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    expect((await checkReadiness()).replica).toMatchObject({ reachable: false, ok: false });

    pgCtl('-l', process.env.REPLICA_TEST_LOG!, '-w', 'start');
    await caughtUp();
    await until('reads back on the standby', async () => (await getReadDb(me.id)).replica);
  });
});
