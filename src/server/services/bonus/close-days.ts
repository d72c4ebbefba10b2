import { addDays, jakartaDate } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import {
  firstClosedDay,
  firstMissingBefore,
  firstPaidDay,
  lastClosedDay as lastClosedDayOf,
} from '../../db/queries/bonus-closing-calendar';
import { AppError } from '../../errors';
import type { AuditActor } from '../operator/record-audit';
import { type CloseResult, closeDay } from './close-day';

const dayAfter = (d: string, n = 1) => addDays(d, n);

export const CLOSING_MESSAGES = {
  notFinished: (tanggal: string, today: string) =>
    `Tanggal ${tanggal} belum selesai: hanya hari sebelum hari ini (${today}, Asia/Jakarta) yang bisa ditutup`,
  outOfOrder: (tanggal: string, missing: string) =>
    `Tanggal ${tanggal} belum bisa ditutup: ${missing} belum ditutup (closing berurutan; gunakan --from ${missing})`,
  badRange: 'Tanggal awal harus sebelum atau sama dengan tanggal akhir',
  beforeFirst: (tanggal: string, first: string) =>
    `Tanggal ${tanggal} sebelum closing pertama (${first}): closing berjalan berurutan sejak hari pertamanya, hari sebelum itu tidak bisa ditutup`,
} as const;

/** The last closed day, or undefined when nothing was ever closed. */
export async function lastClosedDay(): Promise<string | undefined> {
  return lastClosedDayOf(await getDb());
}

/**
 * Closes finished days only, in order (COMP_PLAN.md, "The closing"): `from`..`to` each missing day
 * one by one (already closed days are skipped). Refuses a day that is today or later in
 * Asia/Jakarta, and a range whose day before `from` is still open while an earlier day is closed
 * (a day closes only after the day before it). `now` is the clock (tests pass their own).
 */
export interface ClosingOptions {
  now?: Date;
  onDay?: (r: CloseResult) => void;
  by?: AuditActor;
}

export async function closeFinishedDays(from: string, to: string, options: ClosingOptions = {}): Promise<CloseResult[]> {
  const today = jakartaDate(options.now ?? new Date());
  if (from > to) throw new AppError('BAD_INPUT', CLOSING_MESSAGES.badRange);
  if (to >= today) throw new AppError('BAD_INPUT', CLOSING_MESSAGES.notFinished(to, today));
  const last = await lastClosedDay();
  if (last !== undefined && last < from) {
    const missing = dayAfter(last);
    if (missing < from) throw new AppError('CONFLICT', CLOSING_MESSAGES.outOfOrder(from, missing));
  } else if (last !== undefined) {
    const first = await firstClosedDay(await getDb());
    if (first && from < first) throw new AppError('CONFLICT', CLOSING_MESSAGES.beforeFirst(from, first));
    const gap = await firstMissingBefore(await getDb(), from);
    if (gap !== undefined && gap < from) throw new AppError('CONFLICT', CLOSING_MESSAGES.outOfOrder(from, gap));
  }
  const results: CloseResult[] = [];
  for (let day = from; day <= to; day = dayAfter(day)) {
    const result = await closeDay(day, undefined, options.by);
    results.push(result);
    options.onDay?.(result);
  }
  return results;
}

/**
 * Catch-up: closes every finished day not yet closed, in order, from the day after the last
 * closed day (or the first paid day when nothing was ever closed) to yesterday (Asia/Jakarta).
 * What the server's scheduler calls shortly after midnight; safe to call any time (an empty list
 * when everything is closed).
 */
export async function closeMissingDays(options: ClosingOptions & { until?: string } = {}): Promise<CloseResult[]> {
  const today = jakartaDate(options.now ?? new Date());
  // `until` (the console's "sampai tanggal"): today or later is refused like any unfinished day.
  if (options.until !== undefined && options.until >= today)
    throw new AppError('BAD_INPUT', CLOSING_MESSAGES.notFinished(options.until, today));
  const yesterday = options.until ?? dayAfter(today, -1);
  const last = await lastClosedDay();
  let from = last === undefined ? undefined : dayAfter(last);
  if (from === undefined) from = await firstPaidDay(await getDb());
  if (from === undefined || from > yesterday) return [];
  return closeFinishedDays(from, yesterday, options);
}
