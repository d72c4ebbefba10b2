import dayjs from 'dayjs';
import 'dayjs/locale/id';

dayjs.locale('id');

const rupiahFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Rupiah without decimals: 1500000 → "Rp 1.500.000". */
export function rupiah(amount: number | bigint | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount ?? 0;
  return `Rp ${rupiahFormat.format(value as number)}`;
}

export function number(value: number | null | undefined): string {
  return rupiahFormat.format(value ?? 0);
}

/** Dates in the Indonesian locale: "22 November 2026". */
export function tanggal(value: string | Date | null | undefined, pattern = 'D MMMM YYYY'): string {
  if (!value) return '-';
  return dayjs(value).format(pattern);
}

export function tanggalJam(value: string | Date | null | undefined): string {
  return tanggal(value, 'D MMMM YYYY HH:mm');
}

/** Groups digits like the spec's {ip}-3.3 pattern: 3578000000000001 → "3578.0000.0000.0001". */
export function groupDigits(value: string | null | undefined, size = 4, separator = '.'): string {
  if (!value) return '-';
  return value.replace(new RegExp(`(\\d{${size}})(?=\\d)`, 'g'), `$1${separator}`);
}
