import type { SchedulerJob } from '../../db/schema';
import { JOBS, lastRuns } from './jobs';
import { type RunOutcome, runJob } from './run-job';

/** SCHEDULER=0 turns the scheduler off in this process (extra web processes, tests). */
export const schedulerEnabled = (): boolean => process.env.SCHEDULER !== '0';
/** ORDER_EXPIRY_TIMER=0 (older setting) leaves only the expiry out. */
const jobEnabled = (job: SchedulerJob) => job !== 'kedaluwarsa' || process.env.ORDER_EXPIRY_TIMER !== '0';

/**
 * One pass of the scheduler: every job whose next run is due runs, in order (closing before the
 * month's slips). Each job's due time is asked again under its lock. What each job did is
 * returned (tests); failures are recorded in scheduler_runs, never thrown.
 */
export async function runDueJobs(now = new Date()): Promise<Partial<Record<SchedulerJob, RunOutcome>>> {
  const out: Partial<Record<SchedulerJob, RunOutcome>> = {};
  const last = await lastRuns();
  for (const def of JOBS) {
    if (!jobEnabled(def.job) || def.next(now, last[def.job] ?? {}) > now) continue;
    out[def.job] = await runJob(def.job, () => def.work(now), {
      now,
      stillDue: async () => def.next(now, (await lastRuns())[def.job] ?? {}) <= now,
    });
  }
  return out;
}

let timer: NodeJS.Timeout | undefined;
/** The pass running now, if any: a graceful stop waits for it (a closing is never cut in half). */
let running: Promise<unknown> | undefined;
const FIRST_TICK_MS = 5_000;
const TICK_MS = 60_000;

/**
 * Starts the scheduler in the web process: a first pass a few seconds after start (catch-up
 * after downtime), then one a minute. Timers are unref'd so they never keep a process alive.
 */
export function startScheduler(): void {
  if (timer || !schedulerEnabled()) return;
  const tick = () => {
    if (running) return;
    running = runDueJobs()
      .catch((error) => console.error('[jadwal] penjadwal gagal', error))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setTimeout(function first() {
    tick();
    timer = setInterval(tick, TICK_MS);
    timer.unref();
  }, FIRST_TICK_MS);
  timer.unref();
}

/** No further pass starts; resolves once the pass running now (if any) has finished. */
export async function stopScheduler(): Promise<void> {
  clearTimeout(timer);
  clearInterval(timer);
  timer = undefined;
  await running;
}
