import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/server/csv';

/** The one CSV reader of uploads (the waybill import, issue #26). */
describe('readCsv', () => {
  it('drops the byte order mark, takes any line ending, skips empty lines and keeps the line of each row', () => {
    expect(readCsv('\ufeffno_order,resi\r\nORD-1, JNE1 \n\r\nORD-2,"JNE,2"\rORD-3\n')).toEqual([
      { line: 1, cells: ['no_order', 'resi'] },
      { line: 2, cells: ['ORD-1', 'JNE1'] },
      { line: 4, cells: ['ORD-2', 'JNE,2'] },
      { line: 5, cells: ['ORD-3'] },
    ]);
  });

  it('reads a spreadsheet saved with semicolons', () => {
    expect(readCsv('no_order;resi\nORD-1;JNE1\n').map((r) => r.cells)).toEqual([
      ['no_order', 'resi'],
      ['ORD-1', 'JNE1'],
    ]);
  });

  it('refuses an unclosed quote in Indonesian, naming the line', () => {
    expect(() => readCsv('ORD-1,JNE1\nORD-2,"JNE2\n')).toThrow(
      'Berkas CSV tidak dapat dibaca (baris 2): periksa tanda kutip dan pemisah kolom',
    );
  });
});
