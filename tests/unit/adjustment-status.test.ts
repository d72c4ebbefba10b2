import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_MESSAGES,
  ADJUSTMENT_STATUSES,
  type AdjustmentOrigin,
  type AdjustmentStatus,
  adjustmentMoveRefusal,
} from '../../src/server/domain/adjustment-status';

/** A manual adjustment's moves (COMP_PLAN.md "Commission control"): everything not listed is refused. */
const ALLOWED: [AdjustmentOrigin, AdjustmentStatus][] = [
  ['new', 'diajukan'],
  ['diajukan', 'disetujui'],
  ['diajukan', 'ditolak'],
];
const ORIGINS: AdjustmentOrigin[] = ['new', ...ADJUSTMENT_STATUSES];
const FORBIDDEN = ORIGINS.flatMap((from) =>
  ADJUSTMENT_STATUSES.filter((to) => !ALLOWED.some(([f, t]) => f === from && t === to)).map((to): [AdjustmentOrigin, AdjustmentStatus] => [
    from,
    to,
  ]),
);

const maker = 7;
const checker = 8;

describe('adjustment transitions', () => {
  it.each(ALLOWED)('%s → %s is allowed for a second operator with a reason', (from, to) => {
    expect(
      adjustmentMoveRefusal({ status: from, makerId: maker, checkerId: from === 'new' ? maker : checker, reason: 'alasan' }, to),
    ).toBeUndefined();
  });

  it.each(FORBIDDEN)('%s → %s is refused in Indonesian', (from, to) => {
    expect(adjustmentMoveRefusal({ status: from, makerId: maker, checkerId: checker, reason: 'alasan' }, to)).toMatch(
      /^Penyesuaian (belum ada|berstatus \w+); tidak dapat menjadi \w+$/,
    );
  });

  it('the maker never decides their own adjustment, either way', () => {
    expect(adjustmentMoveRefusal({ status: 'diajukan', makerId: maker, checkerId: maker }, 'disetujui')).toBe(
      ADJUSTMENT_MESSAGES.sameOperator,
    );
    expect(adjustmentMoveRefusal({ status: 'diajukan', makerId: maker, checkerId: maker, reason: 'x' }, 'ditolak')).toBe(
      ADJUSTMENT_MESSAGES.sameOperator,
    );
    // The system (a command, no operator id) is no checker.
    expect(adjustmentMoveRefusal({ status: 'diajukan', makerId: maker, checkerId: null }, 'disetujui')).toBe(
      ADJUSTMENT_MESSAGES.sameOperator,
    );
  });

  it('a rejection needs a reason; an approval does not', () => {
    expect(adjustmentMoveRefusal({ status: 'diajukan', makerId: maker, checkerId: checker, reason: '  ' }, 'ditolak')).toBe(
      ADJUSTMENT_MESSAGES.reasonRequired,
    );
    expect(adjustmentMoveRefusal({ status: 'diajukan', makerId: maker, checkerId: checker }, 'disetujui')).toBeUndefined();
  });
});
