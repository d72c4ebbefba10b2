import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/id';
import { JAKARTA_OFFSET_MS } from './calendar';

dayjs.extend(utc);
dayjs.locale('id');

export { number, rupiah } from './money-format';

/**
 * Dates in the Indonesian locale and Jakarta time, whatever the server's or phone's zone:
 * "22 November 2026". A bare date ("2026-11-22") is a calendar day and is shown as it is.
 */
export function tanggal(value: string | Date | null | undefined, pattern = 'D MMMM YYYY'): string {
  if (!value) return '-';
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (day ? dayjs(value) : dayjs(value).utcOffset(JAKARTA_OFFSET_MS / 60_000)).format(pattern);
}

/** A moment with its Jakarta time, the one date-time format of the portal and the console: "22 November 2026 10:00"; `empty` when there is none. */
export function tanggalJam(value: string | Date | null | undefined, empty = '-'): string {
  return value ? tanggal(value, 'D MMMM YYYY HH:mm') : empty;
}

/** Groups digits like the spec's {ip}-3.3 pattern: 3578000000000001 → "3578.0000.0000.0001". */
export function groupDigits(value: string | null | undefined, size = 4, separator = '.'): string {
  if (!value) return '-';
  return value.replace(new RegExp(`(\\d{${size}})(?=\\d)`, 'g'), `$1${separator}`);
}

/**
 * An NPWP in its usual grouping: the 15-digit form "99.999.999.9-999.999", the 16-digit form
 * (NIK-based, since 2024) in fours like the NIK ("3578.0000.0000.0001"). Anything else is shown
 * as stored; nothing at all is "-".
 */
export function npwp(value: string | null | undefined): string {
  if (!value) return '-';
  const digits = value.replace(/\D/g, '');
  if (digits.length === 15) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d)(\d{3})(\d{3})$/, '$1.$2.$3.$4-$5.$6');
  if (digits.length === 16) return groupDigits(digits);
  return value;
}
