import { eq, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { type SchedulerJob, schedulerRuns } from '../schema';

/** The run history stays short: a year of daily jobs, a week of the minute-by-minute expiry. */
export async function pruneSchedulerRuns(db: Db | Tx): Promise<void> {
  await db.execute(
    sql`delete from scheduler_runs where started_at < now() - (case when job = 'kedaluwarsa' then interval '7 days' else interval '400 days' end)`,
  );
}

/** The first closed day (YYYY-MM-DD), or null before any closing. */
export async function firstClosedDay(db: Db | Tx): Promise<string | null> {
  const [first] = await selectRows<{ d: string | null }>(db, sql`select min(tanggal)::text as d from closed_days`);
  return first?.d ?? null;
}

/** Per job, the start of its last run with how it ended, and the start of its last successful run (epoch milliseconds). */
export async function lastRunTimes(db: Db | Tx) {
  const [latest, succeeded] = await Promise.all([
    selectRows<{ job: SchedulerJob; at: unknown; status: string }>(
      db,
      sql`
      select distinct on (job) job, floor(extract(epoch from started_at) * 1000) as at, status from scheduler_runs order by job, started_at desc`,
    ),
    selectRows<{ job: SchedulerJob; at: unknown }>(
      db,
      sql`
      select distinct on (job) job, floor(extract(epoch from started_at) * 1000) as at from scheduler_runs where status = 'BERHASIL' order by job, started_at desc`,
    ),
  ]);
  return {
    latest: latest.map((r) => ({ job: r.job, at: toCount(r.at), status: r.status })),
    succeeded: succeeded.map((r) => ({ job: r.job, at: toCount(r.at) })),
  };
}

/** Takes the job's transaction-level advisory lock if free (PostgreSQL); false when another process holds it. */
export async function tryJobLock(tx: Db | Tx, key: number): Promise<boolean> {
  const [lock] = await selectRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return Boolean(lock?.ok);
}

/** A run row in BERJALAN; its id. */
export async function insertSchedulerRun(db: Db | Tx, run: { job: SchedulerJob; runner: string; startedAt: Date }): Promise<number> {
  const [row] = await db.insert(schedulerRuns).values(run).returning({ id: schedulerRuns.id });
  return row!.id;
}

/** How a run ended: BERHASIL with its result or GAGAL with its error. */
export async function finishSchedulerRun(
  db: Db | Tx,
  id: number,
  end: { status: 'BERHASIL'; result: string; finishedAt: Date } | { status: 'GAGAL'; error: string; finishedAt: Date },
): Promise<void> {
  await db.update(schedulerRuns).set(end).where(eq(schedulerRuns.id, id));
}

export interface RunRow {
  job: SchedulerJob;
  started_at: Date;
  finished_at: Date | null;
  status: string;
  result: string | null;
  error: string | null;
  runner: string;
}

/** Per job its last run; failures per job within `days`; the ten latest failures. */
export async function schedulerRunOverview(db: Db | Tx, days: number) {
  const asRow = (r: RunRow): RunRow => ({
    ...r,
    started_at: new Date(r.started_at),
    finished_at: r.finished_at && new Date(r.finished_at),
  });
  const [latest, counts, failures] = await Promise.all([
    selectRows<RunRow>(
      db,
      sql`
      select distinct on (job) job, started_at, finished_at, status, result, error, runner from scheduler_runs order by job, started_at desc`,
    ),
    selectRows<{ job: SchedulerJob; n: unknown }>(
      db,
      sql`
      select job, count(*) as n from scheduler_runs where status = 'GAGAL' and started_at > now() - make_interval(days => ${days}) group by job`,
    ),
    selectRows<RunRow>(
      db,
      sql`
      select job, started_at, finished_at, status, result, error, runner from scheduler_runs where status = 'GAGAL' order by started_at desc limit 10`,
    ),
  ]);
  return { latest: latest.map(asRow), failureCounts: counts.map((c) => ({ job: c.job, n: toCount(c.n) })), failures: failures.map(asRow) };
}
