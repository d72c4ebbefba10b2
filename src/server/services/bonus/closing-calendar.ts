import { addDays, jakartaDate, monthEnd, monthStart } from '../../../lib/calendar';
import { parseMonth } from '../../../lib/calendar-params';
import { getDb } from '../../db/client';
import { closedDaysBetween, openDaysBefore } from '../../db/queries/bonus-closing-calendar';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import type { CloseResult } from './close-day';
import { closeMissingDays } from './close-days';
import { type ReconciliationDay, reconcileDays } from './reconcile-days';

export type DayState = 'ditutup' | 'terbuka' | 'hari-ini' | 'mendatang';
export interface CalendarDay {
  tanggal: string;
  state: DayState;
  bonus_count: number;
  total_bruto: number;
  jumlah_order: number;
  total_bv: number;
}
export interface ClosingMonth {
  bulan: string;
  hari_ini: string;
  hari: CalendarDay[];
  rekonsiliasi: ReconciliationDay[];
  belum_ditutup: number;
}

/** The asked month through the one parser (src/lib/calendar-params.ts), from 2000 on. */
const askedMonth = (v: string | null | undefined): string | undefined => {
  const month = parseMonth(v);
  return month && month >= '2000-01' ? month : undefined;
};

/**
 * The closing page (console, KEUANGAN): one month (Asia/Jakarta) of closed and open days and the
 * reconciliation of its finished days — the same numbers as `npm run close -- --reconcile`.
 */
export async function closingMonth(bulan: string | null | undefined, now = new Date()): Promise<ClosingMonth> {
  const today = jakartaDate(now);
  const month = askedMonth(bulan) ?? today.slice(0, 7);
  const first = monthStart(month);
  const last = monthEnd(month);
  const db = await getDb();
  const closed = await closedDaysBetween(db, first, last);
  const open = await openDaysBefore(db, today);
  const hari: CalendarDay[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const c = closed.find((row) => row.tanggal === d);
    const state: DayState = c ? 'ditutup' : d === today ? 'hari-ini' : d > today ? 'mendatang' : 'terbuka';
    hari.push({
      tanggal: d,
      state,
      bonus_count: c?.bonus_count ?? 0,
      total_bruto: c?.total_bruto ?? 0,
      jumlah_order: c?.jumlah_order ?? 0,
      total_bv: c?.total_bv ?? 0,
    });
  }
  const finishedTo = last < today ? last : addDays(today, -1);
  const rekonsiliasi = first <= finishedTo ? await reconcileDays(first, finishedTo) : [];
  return { bulan: month, hari_ini: today, hari, rekonsiliasi, belum_ditutup: open };
}

/**
 * "Tutup hari yang belum ditutup": closes every finished open day in order, up to yesterday or
 * `sampai` (today and later refused), each day in its own audited transaction.
 */
export async function catchUpClosing(by: Actor, sampai?: string, now = new Date()): Promise<CloseResult[]> {
  assertRole(by, ['KEUANGAN']);
  if (sampai !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(sampai)) throw new AppError('BAD_INPUT', 'Tanggal harus berformat YYYY-MM-DD');
  return closeMissingDays({ by, now, until: sampai });
}
