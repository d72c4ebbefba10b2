import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  jakartaDate,
  jakartaMoment,
  jakartaMonth,
  monthEnd,
  monthKey,
  monthStart,
  nextMonthStart,
} from '../../src/lib/calendar';

dayjs.extend(utc);

describe('calendar (Asia/Jakarta)', () => {
  it.each([
    ['16:59 UTC is still the same Jakarta day', '2026-11-21T16:59:00Z', '2026-11-21'],
    ['17:00 UTC is midnight in Jakarta', '2026-11-21T17:00:00Z', '2026-11-22'],
    ['new year comes 7 hours early', '2026-12-31T17:30:00Z', '2027-01-01'],
  ])('jakartaDate: %s', (_reason, at, day) => {
    expect(jakartaDate(new Date(at))).toBe(day);
    expect(jakartaMonth(new Date(at))).toBe(day.slice(0, 7));
  });

  it('jakartaDate agrees with the zone database before and after 1964, when the offset became a fixed +7', () => {
    // 1950: UTC+7:30 — 16:45 UTC on the 31st is 00:15 the next day in Jakarta, not 23:45.
    expect(jakartaDate(new Date('1950-05-31T16:45:00Z'))).toBe('1950-06-01');
    expect(jakartaDate(new Date('1964-01-01T00:00:00Z'))).toBe('1964-01-01');
    expect(jakartaDate(Date.UTC(2024, 1, 28, 17))).toBe('2024-02-29');
    expect(jakartaDate(new Date(Number.NaN))).toBe('Invalid Date');
  });

  it.each([
    ['into the next month', '2026-11-30', 1, '2026-12-01'],
    ['leap day', '2024-02-28', 1, '2024-02-29'],
    ['back over a year', '2026-01-01', -1, '2025-12-31'],
    ['thirty days back', '2026-03-15', -30, '2026-02-13'],
  ])('addDays: %s', (_reason, date, days, expected) => expect(addDays(date, days)).toBe(expected));

  it.each([
    ['over the year end', '2026-12', 1, '2027-01'],
    ['back over the year start', '2026-01', -1, '2025-12'],
    ['five months back', '2026-03', -5, '2025-10'],
  ])('addMonths: %s', (_reason, month, n, expected) => expect(addMonths(month, n)).toBe(expected));

  it('month starts, ends and keys', () => {
    expect(monthKey(2026, 3)).toBe('2026-03');
    expect(monthStart('2026-11-22')).toBe('2026-11-01');
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2026-12-10')).toBe('2026-12-31');
    expect(nextMonthStart('2026-12-05')).toBe('2027-01-01');
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
  });

  it('a Jakarta wall-clock time is a moment 7 hours earlier in UTC', () => {
    expect(jakartaMoment('2026-11-22', '00:30').toISOString()).toBe('2026-11-21T17:30:00.000Z');
  });

  it('refuses what is not a calendar day', () => {
    expect(() => addDays('2026-13-45', 1)).toThrow(RangeError);
    for (const bad of ['2026-02-30', '2026-00-10', '2026-1-01', 'x']) expect(() => addDays(bad, 1)).toThrow(RangeError);
    for (const bad of ['2026-13', '2026-00', '2026-02-30', 'x']) expect(() => addMonths(bad, 1)).toThrow(RangeError);
  });

  it('addDays and addMonths by plain arithmetic give what dayjs gives (issue #24)', () => {
    const viaDayjs = (text: string, n: number, unit: 'day' | 'month') =>
      dayjs
        .utc(text.length === 7 ? `${text}-01` : text)
        .add(n, unit)
        .format(unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM');
    const days = ['2024-02-28', '2024-02-29', '2025-12-31', '2026-01-31', '2026-03-01', '1999-12-31', '1000-01-01', '9999-12-31'];
    for (const day of days)
      for (const n of [0, 1, -1, 29, -30, 365, -366, 1000, 2.5, -0.4]) {
        if (day !== '9999-12-31' || n <= 0) expect(addDays(day, n)).toBe(viaDayjs(day, n, 'day'));
        if (day !== '9999-12-31' || n <= 0) expect(addMonths(day, Math.round(n))).toBe(viaDayjs(day, Math.round(n), 'month'));
      }
    for (const month of ['2026-01', '2026-12', '2000-02', '1000-01'])
      for (const n of [0, 1, -1, 11, -12, 13, -25, 120]) expect(addMonths(month, n)).toBe(viaDayjs(month, n, 'month'));
  });
});
