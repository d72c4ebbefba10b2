import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import 'dayjs/locale/id';
import { jakartaDate } from '../../src/lib/calendar';
import { bulanSingkat, npwp, rupiah, tanggal, tanggalJam } from '../../src/lib/format';

dayjs.extend(utc);

describe('formatters show Jakarta time whatever the server zone', () => {
  it.each([
    ['2026-11-22T20:30:00Z', '23 November 2026 03:30', 'after 17:00 UTC it is already tomorrow in Jakarta'],
    ['2026-11-22T01:05:00Z', '22 November 2026 08:05', 'morning in Jakarta'],
    [new Date('2026-01-31T16:59:00Z'), '31 Januari 2026 23:59', 'a Date, one minute before midnight'],
  ])('%s → %s (%s)', (value, shown, _why) => {
    expect(tanggalJam(value)).toBe(shown);
  });

  it('keeps a bare calendar date as it is, and formats rupiah', () => {
    expect(tanggal('2026-11-22')).toBe('22 November 2026');
    expect(jakartaDate(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
    expect(rupiah(1_500_000)).toBe('Rp\u00a01.500.000');
  });
});

describe('NPWP in its usual grouping', () => {
  it.each([
    ['123456789012345', '12.345.678.9-012.345', 'the 15-digit form'],
    ['12.345.678.9-012.345', '12.345.678.9-012.345', 'already grouped: shown the same'],
    ['3578000000000001', '3578.0000.0000.0001', 'the 16-digit (NIK-based) form, in fours like the NIK'],
    ['12345', '12345', 'not an NPWP length: shown as stored'],
    [null, '-', 'none'],
  ])('%s → %s (%s)', (value, shown, _why) => {
    expect(npwp(value)).toBe(shown);
  });
});

describe('tanggal and bulanSingkat without dayjs give what dayjs gives (issue #24)', () => {
  // The reference: the formatting tanggal did before its plain path (dayjs, Indonesian, Jakarta +7).
  const viaDayjs = (value: string | Date, pattern: string) => {
    const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    return (day ? dayjs(value) : dayjs(value).utcOffset(7 * 60)).locale('id').format(pattern);
  };
  const values: (string | Date)[] = [];
  for (let month = 1; month <= 12; month++) {
    const m = String(month).padStart(2, '0');
    values.push(`2026-${m}-01`, `2024-${m}-28`, `1999-${m}-09`, `2026-${m}-15T16:59:00.000Z`, `2026-${m}-15T17:00:00Z`);
    values.push(new Date(Date.UTC(2025, month - 1, 31, 23, 5)));
  }
  values.push('2024-02-29', '2026-02-30', '2026-13-01', '0999-01-01', '2026-11-22T10:00:00', 'bukan tanggal', new Date(Number.NaN));

  it.each(values)('%s', (value) => {
    for (const pattern of ['D MMMM YYYY', 'D MMMM YYYY HH:mm', 'DD/MM/YYYY'])
      expect(tanggal(value, pattern)).toBe(viaDayjs(value, pattern));
  });

  it('bulanSingkat: every month, and what is not a month as dayjs shows it', () => {
    for (const month of [...Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`), '2026-13', 'x'])
      expect(bulanSingkat(month)).toBe(dayjs(`${month}-01`).locale('id').format('MMM YYYY'));
    expect(bulanSingkat('2026-08')).toBe('Agt 2026');
  });
});
