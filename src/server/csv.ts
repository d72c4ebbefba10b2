import { stringify } from 'csv-stringify/sync';

/** A cell as the exports hand it over: text, integer rupiah (number or bigint), or nothing. */
export type CsvCell = string | number | bigint | boolean | null | undefined;

/** Characters a spreadsheet reads as the start of a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as the spreadsheet must show it: one that starts with = + - @, a tab or a carriage
 * return is prefixed with a quote, so Excel and LibreOffice show it as text instead of running
 * it. Numbers are written as they are (rupiah are never negative in an export).
 */
export const guardCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
};

/**
 * The one CSV writer of every export (payout batch, withholder's tax file, downline report):
 * RFC 4180 quoting by csv-stringify, CRLF line ends, the formula guard on every text cell, and a
 * byte order mark when the file is meant for Excel (names with accents).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  // A lone CR or LF is quoted too: spreadsheet readers end the line at either.
  return stringify([header.map(guardCell), ...rows.map((row) => row.map(guardCell))], { record_delimiter: '\r\n', quoted_match: /[\r\n]/, bom: options.bom ?? false });
}
