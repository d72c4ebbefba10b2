import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const SCHEDULER_JOBS = ['closing', 'kedaluwarsa', 'bukti-potong', 'payout', 'pengaturan'] as const;
export type SchedulerJob = (typeof SCHEDULER_JOBS)[number];
export const RUN_STATUSES = ['BERJALAN', 'BERHASIL', 'GAGAL'] as const;

/** One row per run of a scheduled job inside the server (DESIGN.md §7): the console's /admin/jadwal. */
export const schedulerRuns = pgTable(
  'scheduler_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job', { enum: SCHEDULER_JOBS }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('BERJALAN'),
    result: text('result'),
    error: text('error'),
    /** Which process ran it (host:pid), for several web processes on PostgreSQL. */
    runner: text('runner').notNull(),
  },
  (t) => [index('scheduler_runs_job_idx').on(t.job, t.startedAt)],
);
