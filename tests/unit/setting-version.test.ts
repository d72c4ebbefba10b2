import { describe, expect, it } from 'vitest';
import { effectiveFrom, PROPOSAL_MESSAGES, proposalMoveRefusal } from '../../src/server/domain/setting-proposal-status';
import { valueOn } from '../../src/server/domain/setting-version';

const versions = [
  { berlakuMulai: '2026-03-01', sebelum: { bonus_plan: { pairPerBv: 50_000 } }, nilai: { bonus_plan: { pairPerBv: 55_000 } } },
  { berlakuMulai: '2026-03-01', sebelum: { payment_methods_off: [] }, nilai: { payment_methods_off: ['qris'] } },
  { berlakuMulai: '2026-04-15', sebelum: { bonus_plan: { pairPerBv: 55_000 } }, nilai: { bonus_plan: { pairPerBv: 60_000 } } },
];

describe('the setting in effect on a day', () => {
  it('is the latest approved version at or before the day, else what the first later one replaced', () => {
    expect(valueOn(versions, 'bonus_plan', '2026-02-28')).toEqual({ pairPerBv: 50_000 });
    expect(valueOn(versions, 'bonus_plan', '2026-03-01')).toEqual({ pairPerBv: 55_000 });
    expect(valueOn(versions, 'bonus_plan', '2026-04-14')).toEqual({ pairPerBv: 55_000 });
    expect(valueOn(versions, 'bonus_plan', '2026-04-15')).toEqual({ pairPerBv: 60_000 });
    expect(valueOn(versions, 'shipping_rates', '2026-04-15')).toBeUndefined();
  });

  it('an approval is live from the proposed day, never before the approval', () => {
    expect(effectiveFrom(null, '2026-03-01')).toBe('2026-03-01');
    expect(effectiveFrom('2026-02-20', '2026-03-01')).toBe('2026-03-01');
    expect(effectiveFrom('2026-03-05', '2026-03-01')).toBe('2026-03-05');
  });
});

describe('settings proposal transitions', () => {
  it.each([
    ['disetujui', 'ditolak'],
    ['ditolak', 'disetujui'],
    ['disetujui', 'disetujui'],
    ['ditolak', 'ditolak'],
    ['diajukan', 'diajukan'],
    ['new', 'disetujui'],
    ['new', 'ditolak'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(proposalMoveRefusal({ status: from, makerId: 1, checkerId: 2 }, to)).toMatch(
      /^Usulan (belum ada|berstatus [\w ]+); tidak dapat menjadi/,
    );
  });

  it('the maker never decides their own proposal; another SUPERADMIN does', () => {
    expect(proposalMoveRefusal({ status: 'diajukan', makerId: 1, checkerId: 1 }, 'disetujui')).toBe(PROPOSAL_MESSAGES.sameOperator);
    expect(proposalMoveRefusal({ status: 'diajukan', makerId: 1, checkerId: 1 }, 'ditolak')).toBe(PROPOSAL_MESSAGES.sameOperator);
    expect(proposalMoveRefusal({ status: 'diajukan', makerId: 1, checkerId: 2 }, 'disetujui')).toBeUndefined();
    expect(proposalMoveRefusal({ status: 'new', makerId: 1, checkerId: 1 }, 'diajukan')).toBeUndefined();
  });
});
