import { number } from './money-format';

export { CONNECTION_LOST } from './offline-messages';

/**
 * The status line beside an export link while its file arrives (src/browser/export-progress.ts):
 * rows so far, of the rows the page counted when it knows them.
 */
export function exportProgressText(rows: number, expected: number, done: boolean): string {
  if (done) return `Selesai: ${number(rows)} baris diunduh.`;
  return expected > 0 ? `Mengunduh CSV: ${number(rows)} dari ${number(expected)} baris…` : `Mengunduh CSV: ${number(rows)} baris…`;
}
