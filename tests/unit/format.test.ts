import { describe, expect, it } from 'vitest';
import { jakartaDate } from '../../src/lib/calendar';
import { npwp, rupiah, tanggal, tanggalJam } from '../../src/lib/format';

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
