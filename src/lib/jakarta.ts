/** The business keeps Asia/Jakarta time (UTC+7, no daylight saving) whatever the server's zone. */
export const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** The Jakarta calendar date of a moment: "2026-11-22". */
export function jakartaDate(at: Date | number = Date.now()): string {
  return new Date((typeof at === 'number' ? at : at.getTime()) + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar date `days` later (or earlier): addDays('2026-11-30', 1) → "2026-12-01". */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
