import { addDays } from '../../../lib/calendar';
import { getDb } from '../../db/client';
import { firstPaidDay as firstPaidDayOf } from '../../db/queries/bonus-closing-calendar';
import { type CloseResult, closeDay } from './close-day';

/** Closes every day from `from` to `to` in order (each its own transaction); closed days are skipped. */
export async function closeRange(from: string, to: string, onDay?: (result: CloseResult) => void): Promise<CloseResult[]> {
  const results: CloseResult[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const result = await closeDay(day);
    results.push(result);
    onDay?.(result);
  }
  return results;
}

/** The first day with a paid order, for closing a whole history (the demo generator). */
export async function firstPaidDay(): Promise<string | undefined> {
  return firstPaidDayOf(await getDb());
}
