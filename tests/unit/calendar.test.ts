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
  });
});
