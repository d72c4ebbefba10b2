import { getDb } from '../../db/client';
import { type RunRow, schedulerRunOverview } from '../../db/queries/scheduler';
import type { SchedulerJob } from '../../db/schema';
import { JOBS, lastRuns } from './jobs';
import { schedulerEnabled } from './start-scheduler';

export type { RunRow };

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
  const [last, overview] = await Promise.all([lastRuns(), schedulerRunOverview(await getDb(), FAILURE_DAYS)]);
  return {
    enabledHere: schedulerEnabled(),
    jobs: JOBS.map((def) => {
      const row = overview.latest.find((r) => r.job === def.job);
      return {
        job: def.job,
        label: def.label,
        schedule: def.schedule,
        last: row,
        next: def.next(now, last[def.job] ?? {}),
        failures7d: overview.failureCounts.find((c) => c.job === def.job)?.n ?? 0,
      };
    }),
    failures: overview.failures,
  };
}
