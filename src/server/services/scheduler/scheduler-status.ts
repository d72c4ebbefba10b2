import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { SchedulerJob } from '../../db/schema';
import { JOBS, lastRuns } from './jobs';
import { schedulerEnabled } from './start-scheduler';

export interface RunRow { job: SchedulerJob; started_at: Date; finished_at: Date | null; status: string; result: string | null; error: string | null; runner: string }

export interface JobStatus {
  job: SchedulerJob;
  label: string;
  schedule: string;
  last?: RunRow;
  next: Date;
  failures7d: number;
}

const FAILURE_DAYS = 7;

/** What /admin/jadwal and the overview show: per job its last run, next run and recent failures. */
export async function schedulerStatus(now = new Date()): Promise<{ enabledHere: boolean; jobs: JobStatus[]; failures: RunRow[] }> {
  const db = await getDb();
  const [last, latest, counts, failures] = await Promise.all([
    lastRuns(),
    selectRows<RunRow>(db, sql`
      select distinct on (job) job, started_at, finished_at, status, result, error, runner from scheduler_runs order by job, started_at desc`),
    selectRows<{ job: SchedulerJob; n: number }>(db, sql`
      select job, count(*)::int as n from scheduler_runs where status = 'GAGAL' and started_at > now() - make_interval(days => ${FAILURE_DAYS}) group by job`),
    selectRows<RunRow>(db, sql`
      select job, started_at, finished_at, status, result, error, runner from scheduler_runs where status = 'GAGAL' order by started_at desc limit 10`),
  ]);
  const asRow = (r: RunRow): RunRow => ({ ...r, started_at: new Date(r.started_at), finished_at: r.finished_at && new Date(r.finished_at) });
  return {
    enabledHere: schedulerEnabled(),
    jobs: JOBS.map((def) => {
      const row = latest.find((r) => r.job === def.job);
      return {
        job: def.job, label: def.label, schedule: def.schedule,
        last: row && asRow(row),
        next: def.next(now, last[def.job] ?? {}),
        failures7d: counts.find((c) => c.job === def.job)?.n ?? 0,
      };
    }),
    failures: failures.map(asRow),
  };
}
