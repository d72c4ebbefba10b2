import { describe, expect, it } from 'vitest';
import {
  explainDay,
  numbersDiffer,
  type ReconciliationFacts,
  reconciliationSummary,
  selisihOf,
} from '../../src/server/domain/bonus/reconciliation';

const none = { order: 0, bv: 0 };
const day = (over: Partial<ReconciliationFacts>): ReconciliationFacts => ({
  ditutup: true,
  dibayar: { order: 3, bv: 6 },
  dihitung: { order: 3, bv: 6 },
  terlambat: none,
  dihitungKemudian: none,
  tidakDihitung: none,
  menunggu: none,
  dicatatClosing: { order: 3, bv: 6 },
  bvBerbonus: 6,
  bvTanpaSponsor: 0,
  bvDibalik: 0,
  ...over,
});
const summaryOf = (...days: ReconciliationFacts[]) =>
  reconciliationSummary(days.map((f) => ({ selisih: selisihOf(f), berbeda: numbersDiffer(f) })));

describe('the reconciliation’s words', () => {
  it('says "tanpa selisih" only when every number agrees', () => {
    const f = day({});
    expect(explainDay(f)).toEqual([]);
    expect(summaryOf(f, f)).toBe('Rekonsiliasi 2 hari: tanpa selisih');
  });

  it('an order paid after the cut-off: each side says why, and the summary does not say "tanpa selisih"', () => {
    // Paid on the 1st after the 1st was closed, counted on the 2nd.
    const first = day({ dibayar: { order: 4, bv: 8 }, dihitungKemudian: { order: 1, bv: 2 } });
    const second = day({
      dihitung: { order: 4, bv: 8 },
      terlambat: { order: 1, bv: 2 },
      dicatatClosing: { order: 4, bv: 8 },
      bvBerbonus: 8,
    });
    expect(selisihOf(first)).toBe(0);
    expect(explainDay(first)).toEqual([
      '1 order (2 BV) dibayar setelah hari ini ditutup (lewat batas closing), dihitung closing berikutnya',
    ]);
    expect(explainDay(second)).toEqual([
      '1 order (2 BV) dibayar pada hari sebelumnya setelah hari itu ditutup (lewat batas closing), dihitung hari ini',
    ]);
    const summary = summaryOf(first, second);
    expect(summary).not.toContain('tanpa selisih');
    expect(summary).toBe('Rekonsiliasi 2 hari: semua BV yang dibayar terhitung; 2 hari angkanya berbeda, sebabnya tertulis per hari');
  });

  it('orders whose count changed after the closing recorded them are named', () => {
    const f = day({ dicatatClosing: { order: 4, bv: 9 } });
    expect(numbersDiffer(f)).toBe(true);
    expect(explainDay(f)).toEqual([
      'closing mencatat 4 order (9 BV), kini 3 order (6 BV) terhitung: order yang berubah status setelah closing (misalnya dibatalkan)',
    ]);
  });

  it('BV of a member without sponsor and refunds reversed that day are explained', () => {
    const f = day({ bvBerbonus: 4, bvTanpaSponsor: 2, bvDibalik: 3 });
    expect(selisihOf(f)).toBe(0);
    expect(explainDay(f)).toEqual([
      '2 BV milik member tanpa sponsor: tidak ada yang menerima bonus sponsor/RO',
      '3 BV di-refund (refund/chargeback setelah closing harinya), bonusnya dibalik hari ini',
    ]);
    expect(summaryOf(f)).not.toContain('tanpa selisih');
  });

  it('a day not closed yet and BV counted nowhere are differences; unexplained BV is a selisih', () => {
    const open = day({ ditutup: false, dihitung: none, dicatatClosing: undefined, menunggu: { order: 3, bv: 6 }, bvBerbonus: 0 });
    expect(explainDay(open)).toEqual(['3 order (6 BV) menunggu closing: hari ini belum ditutup']);
    const lost = day({ dibayar: { order: 4, bv: 9 }, tidakDihitung: { order: 1, bv: 3 } });
    expect(selisihOf(lost)).toBe(3);
    expect(explainDay(lost)).toEqual(['1 order (3 BV) dibayar tetapi tidak dihitung closing mana pun']);
    const short = day({ bvBerbonus: 5 });
    expect(explainDay(short)).toEqual(['1 BV dihitung tetapi tanpa bonus sponsor/RO: perlu diperiksa']);
    expect(summaryOf(open, lost, short)).toBe('Rekonsiliasi: 2 hari dengan selisih');
  });
});
