import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/server/csv';

/**
 * Issue #21: one CSV writer for every export, with the spreadsheet formula guard. A cell that
 * starts with = + - @ a tab or a carriage return is a formula to Excel and LibreOffice; the writer
 * prefixes a quote so it shows as text.
 */
describe.each([
  ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`, 'a formula, with quotes doubled'],
  ['+628123', "'+628123", 'plus starts a formula'],
  ['-2+3', "'-2+3", 'minus starts a formula'],
  ['@SUM(A1)', "'@SUM(A1)", 'at starts a formula'],
  ['\t=1', "'\t=1", 'a tab before the formula'],
  ['\r=1', `"'\r=1"`, 'a carriage return before the formula (quoted: it ends a line)'],
  ['Budi Santoso', 'Budi Santoso', 'plain text stays as it is'],
  ['Santoso, Budi', '"Santoso, Budi"', 'a comma is quoted'],
  ['a=b', 'a=b', 'an equals sign inside is no formula'],
])('cell %j', (value, expected, reason) => {
  it(reason, () => {
    expect(toCsv(['kolom'], [[value]])).toBe(`kolom\r\n${expected}\r\n`);
  });
});

describe('toCsv', () => {
  it('writes integer rupiah and bigints as digits, empty cells for null, CRLF lines', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[1500000, 123456789012345678901234567890n, null, undefined]])).toBe(
      'a,b,c,d\r\n1500000,123456789012345678901234567890,,\r\n',
    );
  });

  it('starts with a byte order mark when asked (Excel reads UTF-8 names then)', () => {
    expect(toCsv(['nama'], [['Siti Aminah']], { bom: true })).toBe('\uFEFFnama\r\nSiti Aminah\r\n');
  });
});
