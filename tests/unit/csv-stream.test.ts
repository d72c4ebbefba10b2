import { describe, expect, it } from 'vitest';
import { type CsvCell, csvStream, toCsv } from '../../src/server/csv';

/** The streaming variant of the one CSV writer (issue #24, ADR 0018). */
describe('csvStream', () => {
  it('writes exactly what toCsv writes, batch by batch, formula guard included', async () => {
    const header = ['No', 'Nama', 'Nominal'];
    const rows: CsvCell[][] = Array.from({ length: 11 }, (_, i) => [i + 1, i === 4 ? '=HYPERLINK("x")' : `Nama ${i}\n baris`, i * 1000]);
    async function* source() {
      yield* rows;
    }
    const stream = await csvStream(header, source(), { bom: true, batch: 3 });
    const chunks: string[] = [];
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for await (const chunk of stream) chunks.push(decoder.decode(chunk));
    expect(chunks.length).toBe(4);
    expect(chunks.join('')).toBe(toCsv(header, rows, { bom: true }));
    expect(chunks.join('')).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('`first`: only that many rows are read before it returns, the same file follows in `batch`-sized chunks', async () => {
    const header = ['No'];
    const rows: CsvCell[][] = Array.from({ length: 11 }, (_, i) => [i + 1]);
    let read = 0;
    async function* source() {
      for (const r of rows) {
        read++;
        yield r;
      }
    }
    const stream = await csvStream(header, source(), { batch: 3, first: 2 });
    expect(read).toBe(2);
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(new TextDecoder().decode(chunk));
    expect(chunks[0]).toBe(toCsv(header, rows.slice(0, 2)));
    expect(chunks.length).toBe(4);
    expect(chunks.join('')).toBe(toCsv(header, rows));
  });

  it('stops reading the rows when the download is cancelled', async () => {
    let read = 0;
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          read++;
          yield [i];
        }
      } finally {
        closed = true;
      }
    }
    const stream = await csvStream(['No'], source(), { batch: 100 });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(read).toBeLessThanOrEqual(300);
  });
});
