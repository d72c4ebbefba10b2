import { describe, expect, it } from 'vitest';
import { adjustmentMoveRefusal } from '../../src/server/domain/adjustment-status';
import { closingMoveRefusal } from '../../src/server/domain/closing-status';
import { isSecondOperator } from '../../src/server/domain/four-eyes';
import { proposalMoveRefusal } from '../../src/server/domain/setting-proposal-status';

describe('four-eyes: one rule for closings, adjustments and settings proposals', () => {
  it('a known operator other than the maker is a second pair of eyes; the maker and nobody are not', () => {
    expect(isSecondOperator(1, 2)).toBe(true);
    expect(isSecondOperator(null, 2)).toBe(true);
    expect(isSecondOperator(1, 1)).toBe(false);
    expect(isSecondOperator(1, null)).toBe(false);
    expect(isSecondOperator(null, null)).toBe(false);
  });

  it('every transition table that needs a checker answers the same for the maker and for a second operator', () => {
    const byMaker = [
      adjustmentMoveRefusal({ status: 'diajukan', makerId: 7, checkerId: 7 }, 'disetujui'),
      proposalMoveRefusal({ status: 'diajukan', makerId: 7, checkerId: 7 }, 'disetujui'),
      closingMoveRefusal({ tanggal: '2026-11-26', status: 'DRAFT', dibuatOleh: 7, olehId: 7, via: 'operator' }, 'APPROVED'),
    ];
    const bySecond = [
      adjustmentMoveRefusal({ status: 'diajukan', makerId: 7, checkerId: 8 }, 'disetujui'),
      proposalMoveRefusal({ status: 'diajukan', makerId: 7, checkerId: 8 }, 'disetujui'),
      closingMoveRefusal({ tanggal: '2026-11-26', status: 'DRAFT', dibuatOleh: 7, olehId: 8, via: 'operator' }, 'APPROVED'),
    ];
    expect(byMaker.map((m) => m?.includes('lain'))).toEqual([true, true, true]);
    expect(bySecond).toEqual([undefined, undefined, undefined]);
  });

  it('a draft the scheduler made binds no one: the operator who approves it is the checker', () => {
    expect(
      closingMoveRefusal({ tanggal: '2026-11-26', status: 'DRAFT', dibuatOleh: null, olehId: 7, via: 'operator' }, 'APPROVED'),
    ).toBeUndefined();
  });
});
