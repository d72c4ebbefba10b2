// @template year — catches up after the demo's last closed day

import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/calendar';
import { getDb, selectRows } from '../../src/server/db/client';
import { RETRY_AFTER_MS } from '../../src/server/services/scheduler/jobs';
import { jobLockKey, runJob } from '../../src/server/services/scheduler/run-job';
import { schedulerStatus } from '../../src/server/services/scheduler/scheduler-status';
import { runDueJobs } from '../../src/server/services/scheduler/start-scheduler';

const runs = async (job: string) =>
  selectRows<{ status: string; result: string | null; error: string | null }>(
    await getDb(),
    sql`
  select status, result, error from scheduler_runs where job = ${job} order by id`,
  );

describe('the scheduler inside the server', () => {
  it('after "downtime" closes every missed finished day in order, never today, and records the runs; a second pass does nothing', async () => {
    const db = await getDb();
    const [last] = await selectRows<{ d: string }>(db, sql`select max(tanggal)::text as d from closed_days`);
    // The server "comes back" four days after the last closed day, at 01:00 Jakarta.
    const today = addDays(last!.d, 4);
    const now = new Date(`${today}T01:00:00+07:00`);
    const [pending] = await selectRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from orders where status_order = 'PENDING' and expires_at < ${now.toISOString()}`,
    );

    const done = await runDueJobs(now);
    expect(done).toEqual({ closing: 'ran', 'bukti-potong': 'ran', kedaluwarsa: 'ran', payout: 'ran', pengaturan: 'ran' });
    const closed = await selectRows<{ tanggal: string }>(
      db,
      sql`
      select tanggal::text as tanggal from closed_days where tanggal > ${last!.d}::date order by closed_at, tanggal`,
    );
    expect(closed.map((r) => r.tanggal)).toEqual([addDays(last!.d, 1), addDays(last!.d, 2), addDays(last!.d, 3)]);
    const closing = await runs('closing');
    expect(closing).toHaveLength(1);
    expect(closing[0]!.status).toBe('BERHASIL');
    expect(closing[0]!.result).toMatch(
      new RegExp(`^3 hari ditutup \\(${addDays(last!.d, 1)} s\\.d\\. ${addDays(last!.d, 3)}\\), \\d+ bonus$`),
    );
    expect((await runs('kedaluwarsa'))[0]).toMatchObject({ status: 'BERHASIL', result: `${pending!.n} order kedaluwarsa` });
    expect((await runs('bukti-potong'))[0]!.status).toBe('BERHASIL');
    // Issue #25: the payouts in flight at the disbursement provider (none in the demo) are asked for.
    expect((await runs('payout'))[0]).toMatchObject({
      status: 'BERHASIL',
      result: expect.stringMatching(/^0 payout ditanyakan ke penyedia|^PAYOUT_PROVIDER=manual/),
    });
    const [left] = await selectRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from orders where status_order = 'PENDING' and expires_at < ${now.toISOString()}`,
    );
    expect(left!.n).toBe(0);

    // The same minute again: everything ran in its slot, nothing runs twice.
    expect(await runDueJobs(now)).toEqual({});
    // The next day at 00:29 the closing still waits; at 00:31 it closes exactly the day before.
    expect((await runDueJobs(new Date(`${addDays(today, 1)}T00:29:00+07:00`))).closing).toBeUndefined();
    expect((await runDueJobs(new Date(`${addDays(today, 1)}T00:31:00+07:00`))).closing).toBe('ran');
    const [max] = await selectRows<{ d: string }>(db, sql`select max(tanggal)::text as d from closed_days`);
    expect(max!.d).toBe(today);

    const status = await schedulerStatus(new Date(`${addDays(today, 1)}T00:31:00+07:00`));
    expect(status.jobs.map((j) => j.job)).toEqual(['closing', 'bukti-potong', 'kedaluwarsa', 'payout', 'pengaturan']);
    expect(status.jobs[0]!.last?.result).toMatch(new RegExp(`^1 hari ditutup \\(${today} s\\.d\\. ${today}\\), \\d+ bonus$`));
    expect(status.jobs[0]!.next).toEqual(new Date(`${addDays(today, 2)}T00:30:00+07:00`));
  });

  it('one runner at a time: a second run of a job while the first runs does not start, and only one run is recorded', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = runJob('closing', async () => {
      await gate;
      return 'pertama';
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await runJob('closing', async () => 'kedua')).toBe('busy');
    release();
    expect(await first).toBe('ran');
    expect((await runs('closing')).at(-1)).toMatchObject({ status: 'BERHASIL', result: 'pertama' });
    expect((await runs('closing')).filter((r) => r.result === 'kedua')).toHaveLength(0);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: another process holding the job’s advisory lock keeps this one from running it',
    async () => {
      const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        let release!: () => void;
        let locked!: () => void;
        const held = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const holding = other.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(${jobLockKey('kedaluwarsa')})`;
          locked();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        });
        await held;
        const before = (await runs('kedaluwarsa')).length;
        expect(await runJob('kedaluwarsa', async () => 'tidak boleh')).toBe('busy');
        expect(await runs('kedaluwarsa')).toHaveLength(before);
        release();
        await holding;
        expect(await runJob('kedaluwarsa', async () => 'boleh')).toBe('ran');
        expect((await runs('kedaluwarsa')).at(-1)).toMatchObject({ status: 'BERHASIL', result: 'boleh' });
      } finally {
        await other.end();
      }
    },
  );

  it('a failed run is recorded with its error, shown with the failures of the week, and retried 15 minutes later', async () => {
    const now = new Date('2030-03-01T02:00:00+07:00');
    expect(
      await runJob(
        'bukti-potong',
        async () => {
          throw new Error('Closing tanggal 2030-02-28 belum dijalankan');
        },
        { now },
      ),
    ).toBe('ran');
    expect((await runs('bukti-potong')).at(-1)).toMatchObject({
      status: 'GAGAL',
      error: 'Closing tanggal 2030-02-28 belum dijalankan',
      result: null,
    });
    const status = await schedulerStatus(now);
    const job = status.jobs.find((j) => j.job === 'bukti-potong')!;
    expect(job.last).toMatchObject({ status: 'GAGAL', error: 'Closing tanggal 2030-02-28 belum dijalankan' });
    expect(job.next).toEqual(new Date(now.getTime() + RETRY_AFTER_MS));
    expect(status.failures[0]).toMatchObject({ job: 'bukti-potong', error: 'Closing tanggal 2030-02-28 belum dijalankan' });
  });
});
