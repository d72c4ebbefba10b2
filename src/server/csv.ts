import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AppError } from './errors';

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
  return csvLines([header, ...rows], options.bom ?? false);
}

/** Lines of the file, each cell guarded; the byte order mark only at the start of the file. */
function csvLines(rows: readonly (readonly CsvCell[])[], bom: boolean): string {
  // A lone CR or LF is quoted too: spreadsheet readers end the line at either.
  return stringify(
    rows.map((row) => row.map(guardCell)),
    { record_delimiter: '\r\n', quoted_match: /[\r\n]/, bom },
  );
}

/**
 * The same file as `toCsv`, written while the rows are read (large exports, ADR 0018): the header
 * and the first `first` rows (default `batch`) are read before it returns (so an export that cannot
 * start still fails as a whole), then each further batch is written as the reader asks for it; the file is
 * never held in memory. Stopping the download stops the reading.
 */
export async function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
  options: { bom?: boolean; batch?: number; first?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const batch = options.batch ?? 500;
  const source = rows[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let done = false;
  const next = async (size = batch): Promise<(readonly CsvCell[])[]> => {
    const lines: (readonly CsvCell[])[] = [];
    while (!done && lines.length < size) {
      const r = await source.next();
      if (r.done) done = true;
      else lines.push(r.value);
    }
    return lines;
  };
  const first = csvLines([header, ...(await next(options.first ?? batch))], options.bom ?? false);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(first));
        if (done) controller.close();
        return;
      }
      const lines = await next();
      if (lines.length) controller.enqueue(encoder.encode(csvLines(lines, false)));
      if (done) controller.close();
    },
    async cancel() {
      done = true;
      await source.return?.();
    },
  });
}

/** One record of an uploaded CSV file with the line it starts on (for per-row reports). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The one CSV reader of uploads (waybill import): csv-parse, a byte order mark dropped, any line
 * ending, comma or semicolon (a spreadsheet in an Indonesian locale saves with ";"), cells
 * trimmed, empty lines skipped, rows of any width kept so each row can be judged on its own.
 */
export function readCsv(text: string): CsvRecord[] {
  const normalised = text.replace(/\r\n?/g, '\n');
  const firstLine = normalised.replace(/^\ufeff/, '').split('\n', 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  try {
    // With `info` each record comes with where it was read (the types only know the plain form).
    const records = parse(normalised, {
      bom: true,
      delimiter,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      'BAD_INPUT',
      `Berkas CSV tidak dapat dibaca${line ? ` (baris ${line})` : ''}: periksa tanda kutip dan pemisah kolom`,
    );
  }
}
