import { describe, expect, it } from 'vitest';
import {
  CLOSING_MESSAGES,
  CLOSING_STATUSES,
  CLOSING_TRANSITIONS,
  type ClosingFacts,
  type ClosingState,
  closingMoveRefusal,
} from '../../src/server/domain/closing-status';

const STATES: ClosingState[] = ['none', ...CLOSING_STATUSES];
const ALLOWED: [ClosingState, ClosingState][] = [
  ['none', 'DRAFT'],
  ['none', 'APPROVED'],
  ['DRAFT', 'APPROVED'],
  ['DRAFT', 'none'],
];
const facts = (over: Partial<ClosingFacts>): ClosingFacts => ({
  tanggal: '2026-11-20',
  status: 'DRAFT',
  dibuatOleh: null,
  olehId: 7,
  via: 'operator',
  terakhir: true,
  ...over,
});

describe('the closing transition table', () => {
  it('lists exactly the allowed moves', () => {
    const listed = STATES.flatMap((from) => Object.keys(CLOSING_TRANSITIONS[from]).map((to) => [from, to]));
    expect(listed.sort()).toEqual([...ALLOWED].sort());
  });

  const forbidden = STATES.flatMap((from) =>
    STATES.filter((to) => !(from === 'none' && to === 'none') && !ALLOWED.some(([f, t]) => f === from && t === to)).map(
      (to) => [from, to] as const,
    ),
  );
  it.each(forbidden)('refuses %s → %s, naming the status', (from, to) => {
    const refusal = closingMoveRefusal(facts({ status: from, via: 'history' }), to);
    expect(refusal).toMatch(/^Closing 2026-11-20 berstatus .+; ".+" tidak dapat dilakukan$/);
  });

  it('an approved day is final: not approved again, not discarded', () => {
    expect(closingMoveRefusal(facts({ status: 'APPROVED' }), 'APPROVED')).toBe(
      'Closing 2026-11-20 berstatus disetujui; "Setujui" tidak dapat dilakukan',
    );
    expect(closingMoveRefusal(facts({ status: 'APPROVED' }), 'none')).toContain('berstatus disetujui');
  });
});

describe('approval of a draft (four-eyes)', () => {
  it('the operator who started the draft may not approve it; another operator may', () => {
    expect(closingMoveRefusal(facts({ dibuatOleh: 7, olehId: 7 }), 'APPROVED')).toBe(CLOSING_MESSAGES.sameOperator('2026-11-20'));
    expect(closingMoveRefusal(facts({ dibuatOleh: 7, olehId: 8 }), 'APPROVED')).toBeUndefined();
  });

  it('a draft of the scheduler or a command may be approved by any operator', () => {
    expect(closingMoveRefusal(facts({ dibuatOleh: null, olehId: 7 }), 'APPROVED')).toBeUndefined();
  });

  it('the scheduler approves only after the setting’s hours, never with 0', () => {
    const auto = (umurJam: number, autoApproveJam: number) =>
      closingMoveRefusal(facts({ via: 'auto', olehId: null, umurJam, autoApproveJam }), 'APPROVED');
    expect(auto(5, 0)).toBe(CLOSING_MESSAGES.notDue('2026-11-20'));
    expect(auto(23.9, 24)).toBe(CLOSING_MESSAGES.notDue('2026-11-20'));
    expect(auto(24, 24)).toBeUndefined();
    // Also for a draft an operator started: the hours stand in for the second operator.
    expect(
      closingMoveRefusal(facts({ via: 'auto', dibuatOleh: 7, olehId: null, umurJam: 30, autoApproveJam: 24 }), 'APPROVED'),
    ).toBeUndefined();
  });
});

describe('computing and discarding', () => {
  it('a new closing is a draft; approved at once only as the demo history', () => {
    expect(closingMoveRefusal(facts({ status: 'none' }), 'DRAFT')).toBeUndefined();
    expect(closingMoveRefusal(facts({ status: 'none' }), 'APPROVED')).toBe(CLOSING_MESSAGES.historyOnly('2026-11-20'));
    expect(closingMoveRefusal(facts({ status: 'none', via: 'history' }), 'APPROVED')).toBeUndefined();
  });

  it('only the last closed day’s draft can be discarded', () => {
    expect(closingMoveRefusal(facts({ terakhir: false }), 'none')).toBe(CLOSING_MESSAGES.notLast('2026-11-20'));
    expect(closingMoveRefusal(facts({ terakhir: true }), 'none')).toBeUndefined();
  });
});
