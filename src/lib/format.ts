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
  return plainTanggal(value, day, pattern) ?? (day ? dayjs(value) : dayjs(value).utcOffset(JAKARTA_OFFSET_MS / 60_000)).format(pattern);
}

/** dayjs's Indonesian month names (dayjs/locale/id), for the plain path below; the unit test compares them. */
const BULAN = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const BULAN_SINGKAT = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `tanggal`'s two patterns without dayjs, for what it formats most (a bare day, a Date, an ISO
 * moment ending in Z, years 1000–9999): the dashboard formats a dozen dates per request and dayjs's
 * parse and format were ~4% of its server time (issue #24). Anything else (another pattern, a bare
 * day that does not exist, text without Z that dayjs reads in the server's zone) answers undefined
 * and goes through dayjs as before.
 */
function plainTanggal(value: string | Date, day: boolean, pattern: string): string | undefined {
  const withTime = pattern === 'D MMMM YYYY HH:mm';
  if (pattern !== 'D MMMM YYYY' && !withTime) return undefined;
  let at: Date;
  if (day) {
    at = new Date(`${value as string}T00:00:00Z`);
    if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) return undefined;
  } else if (value instanceof Date || /Z$/i.test(value)) {
    const ms = new Date(value).getTime();
    if (Number.isNaN(ms)) return undefined;
    at = new Date(ms + JAKARTA_OFFSET_MS);
  } else return undefined;
  const year = at.getUTCFullYear();
  if (year < 1000 || year > 9999) return undefined;
  const text = `${at.getUTCDate()} ${BULAN[at.getUTCMonth()]} ${year}`;
  return withTime ? `${text} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}` : text;
}

/** A month "YYYY-MM" as the charts label it: "Nov 2026" (dayjs's 'MMM YYYY' in Indonesian). */
export function bulanSingkat(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const index = m ? Number(m[2]) - 1 : -1;
  if (m && index >= 0 && index < 12 && Number(m[1]) >= 1000) return `${BULAN_SINGKAT[index]} ${m[1]}`;
  return dayjs(`${month}-01`).locale('id').format('MMM YYYY');
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
