import { addDays, jakartaDate, jakartaMoment, monthStart, nextMonthStart } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { firstClosedDay, lastRunTimes, pruneSchedulerRuns } from '../../db/queries/scheduler';
import type { SchedulerJob } from '../../db/schema';
import { closeMissingDays } from '../bonus/close-days';
import { reconcilePayouts } from '../bonus/reconcile-payouts';
import { applySettingProposals } from '../operator/apply-setting-proposals';
import { expireOrders } from '../order/expire-orders';
import { issueTaxSlips } from '../tax/issue-tax-slips';

/** The last run and the last successful run of a job (start times), and how the last one ended. */
export interface LastRuns {
  startedAt?: Date;
  status?: string;
  succeededAt?: Date;
}

export interface JobDefinition {
  job: SchedulerJob;
  label: string;
  schedule: string;
  /** The moment it runs next after these runs (now or earlier: due). */
  next(now: Date, last: LastRuns): Date;
  work(now: Date): Promise<string>;
}

const MINUTE = 60_000;
/** A failed daily or monthly job is tried again after this long, not every minute. */
export const RETRY_AFTER_MS = 15 * MINUTE;

/** 00:30 Asia/Jakarta of a calendar date, as a moment. */
const halfPastMidnight = (date: string) => jakartaMoment(date, '00:30');

/** The latest daily slot (00:30 Jakarta) at or before now. */
function dailySlot(now: Date): Date {
  const today = halfPastMidnight(jakartaDate(now));
  return today <= now ? today : halfPastMidnight(addDays(jakartaDate(now), -1));
}

/** The latest monthly slot (the 1st, 00:30 Jakarta) at or before now. */
function monthlySlot(now: Date): Date {
  const first = halfPastMidnight(monthStart(jakartaDate(now)));
  if (first <= now) return first;
  return halfPastMidnight(monthStart(addDays(monthStart(jakartaDate(now)), -1)));
}

/**
 * Next run of a job with one run per slot: the slot when it has not succeeded since (catch-up
 * after downtime: a server started at 09:00 runs the 00:30 closing at once), else the following
 * slot; after a failure, RETRY_AFTER_MS later.
 */
function slotted(slot: (now: Date) => Date, following: (slot: Date) => Date) {
  return (now: Date, last: LastRuns): Date => {
    const current = slot(now);
    if (last.succeededAt && last.succeededAt >= current) return following(current);
    if (last.status === 'GAGAL' && last.startedAt) return new Date(Math.max(current.getTime(), last.startedAt.getTime() + RETRY_AFTER_MS));
    return current;
  };
}

const nextDay = (slot: Date) => halfPastMidnight(addDays(jakartaDate(slot), 1));
const nextMonth = (slot: Date) => halfPastMidnight(nextMonthStart(jakartaDate(slot)));

async function closeDays(now: Date): Promise<string> {
  const results = await closeMissingDays({ now });
  // The run history stays short: a year of daily jobs, a week of the minute-by-minute expiry.
  await pruneSchedulerRuns(await getDb());
  const closed = results.filter((r) => !r.alreadyClosed);
  if (closed.length === 0) return 'Semua hari yang sudah selesai telah ditutup';
  const bonus = closed.reduce((n, r) => n + r.bonusCount, 0);
  return `${closed.length} hari ditutup (${closed[0]!.tanggal} s.d. ${closed.at(-1)!.tanggal}), ${bonus} bonus`;
}

async function issueLastMonthSlips(now: Date): Promise<string> {
  const firstOfMonth = `${jakartaDate(now).slice(0, 8)}01`;
  const lastDay = addDays(firstOfMonth, -1);
  const [tahun, masa] = [Number(lastDay.slice(0, 4)), Number(lastDay.slice(5, 7))];
  const first = await firstClosedDay(await getDb());
  // A business whose first closed day is later had no bonuses in that month: nothing to issue.
  if (!first || first > lastDay) return `Tidak ada closing pada masa ${masa}/${tahun}`;
  const n = await issueTaxSlips(tahun, masa, now);
  return `${n} bukti potong diterbitkan untuk masa ${masa}/${tahun}`;
}

/** The jobs in the order a tick runs them: the month's slips need the closing of its last day. */
export const JOBS: JobDefinition[] = [
  {
    job: 'closing',
    label: 'Closing bonus harian',
    schedule: 'Setiap hari 00:30 WIB, mengejar hari yang terlewat',
    next: slotted(dailySlot, nextDay),
    work: closeDays,
  },
  {
    job: 'bukti-potong',
    label: 'Bukti potong PPh 21 bulanan',
    schedule: 'Tanggal 1 setiap bulan 00:30 WIB, setelah closing',
    next: slotted(monthlySlot, nextMonth),
    work: issueLastMonthSlips,
  },
  {
    job: 'kedaluwarsa',
    label: 'Order belum dibayar kedaluwarsa',
    schedule: 'Setiap menit',
    next: (now, last) => (last.startedAt ? new Date(last.startedAt.getTime() + MINUTE) : now),
    work: async (now) => `${await expireOrders(now)} order kedaluwarsa`,
  },
  {
    // The payouts in flight at the disbursement provider (PAYOUT_PROVIDER simulator or iris): batches
    // without an answer sent again with their idempotency key, every in-flight payout's status asked.
    job: 'payout',
    label: 'Rekonsiliasi payout dengan penyedia transfer',
    schedule: 'Setiap 5 menit (PAYOUT_PROVIDER simulator/iris)',
    next: (now, last) => (last.startedAt ? new Date(last.startedAt.getTime() + 5 * MINUTE) : now),
    work: () => reconcilePayouts(),
  },
  {
    // Approved settings changes dated today go live (the closing reads each day's version itself).
    job: 'pengaturan',
    label: 'Perubahan pengaturan yang disetujui mulai berlaku',
    schedule: 'Setiap hari 00:30 WIB',
    next: slotted(dailySlot, nextDay),
    work: applySettingProposals,
  },
];

/** The last run and last success of every job, in two indexed reads. */
export async function lastRuns(): Promise<Partial<Record<SchedulerJob, LastRuns>>> {
  const { latest, succeeded } = await lastRunTimes(await getDb());
  const out: Partial<Record<SchedulerJob, LastRuns>> = {};
  for (const r of latest) out[r.job] = { startedAt: new Date(r.at), status: r.status };
  for (const r of succeeded) out[r.job] = { ...out[r.job], succeededAt: new Date(r.at) };
  return out;
}
