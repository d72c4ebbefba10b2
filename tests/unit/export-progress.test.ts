import { describe, expect, it } from 'vitest';
import { exportProgressText } from '../../src/lib/export-progress';

describe('the export status line', () => {
  it('counts rows of the expected total in Indonesian groupings while the file arrives', () => {
    expect(exportProgressText(12345, 100000, false)).toBe('Mengunduh CSV: 12.345 dari 100.000 baris…');
  });
  it('counts rows alone when the page could not count them', () => {
    expect(exportProgressText(7, 0, false)).toBe('Mengunduh CSV: 7 baris…');
  });
  it('says how many rows were saved at the end', () => {
    expect(exportProgressText(299, 299, true)).toBe('Selesai: 299 baris diunduh.');
  });
});
