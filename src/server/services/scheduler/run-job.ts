import os from 'node:os';
import { connection } from '../../db/client';
import { finishSchedulerRun, insertSchedulerRun, tryJobLock } from '../../db/queries/scheduler';
import { SCHEDULER_JOBS, type SchedulerJob } from '../../db/schema';

/** Advisory lock keys, one per job, so a long closing in one process never holds up the expiry in another. */
const LOCK_BASE = 7_310_100;
export const jobLockKey = (job: SchedulerJob): number => LOCK_BASE + SCHEDULER_JOBS.indexOf(job);
const running = new Set<SchedulerJob>();
const RUNNER = `${os.hostname()}:${process.pid}`;

export type RunOutcome = 'ran' | 'busy' | 'not-due';

/**
 * Runs one job at most once at a time across every process (DESIGN.md §7): in this process by a
 * flag, across processes on PostgreSQL by a transaction-level advisory lock held while the job
 * runs (the job's own transactions use other pool connections; a killed process releases it).
 * PGlite is one process per data folder, so the flag is enough there. `stillDue` is asked again
 * under the lock: another process may have just finished the same run. Each run is one row of
 * scheduler_runs: BERJALAN, then BERHASIL with the job's result or GAGAL with its error.
 */
export async function runJob(
  job: SchedulerJob,
  work: () => Promise<string>,
  options: { now?: Date; stillDue?: () => Promise<boolean> } = {},
): Promise<RunOutcome> {
  if (running.has(job)) return 'busy';
  running.add(job);
  try {
    const { db, kind } = await connection();
    const execute = async (): Promise<RunOutcome> => {
      if (options.stillDue && !(await options.stillDue())) return 'not-due';
      await record(job, work, options.now ?? new Date());
      return 'ran';
    };
    if (kind === 'pglite') return await execute();
    return await db.transaction(async (tx) => {
      return (await tryJobLock(tx, jobLockKey(job))) ? execute() : 'busy';
    });
  } finally {
    running.delete(job);
  }
}

/** The row's times follow the clock the job ran with (tests run the scheduler at a chosen moment). */
async function record(job: SchedulerJob, work: () => Promise<string>, startedAt: Date): Promise<void> {
  const { db } = await connection();
  const began = Date.now();
  const finishedAt = () => new Date(startedAt.getTime() + Date.now() - began);
  const runId = await insertSchedulerRun(db, { job, runner: RUNNER, startedAt });
  try {
    const result = await work();
    await finishSchedulerRun(db, runId, { status: 'BERHASIL', result, finishedAt: finishedAt() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[jadwal] ${job} gagal: ${message}`);
    await finishSchedulerRun(db, runId, { status: 'GAGAL', error: message.slice(0, 2000), finishedAt: finishedAt() });
  }
}
