import { describe, expect, it } from 'vitest';
import { collectEarnings } from '../../src/server/domain/bonus/earnings';
import { defaultPlan as plan } from '../../src/server/domain/bonus/plan';
import { sponsorBonuses } from '../../src/server/domain/bonus/sponsor';
import { event } from './closing-fixtures';

// SPONSOR (COMP_PLAN.md): the sponsor of a member who registers or upgrades, Rp 100.000 per BV.
describe.each([
  {
    reason: 'a BRONZE registration (1 BV) pays the sponsor Rp 100.000',
    events: [event({ total_bv: 1 })],
    expected: [{ memberId: 20, bruto: 100_000 }],
  },
  {
    reason: 'a PLATINUM registration (4 BV) pays Rp 400.000',
    events: [event({ total_bv: 4, posisi_order: 'PLATINUM' })],
    expected: [{ memberId: 20, bruto: 400_000 }],
  },
  {
    reason: 'a BRONZE → PLATINUM upgrade buys +3 BV: Rp 300.000',
    events: [event({ jenis_order: 'upg', total_bv: 3, posisi_order: 'PLATINUM' })],
    expected: [{ memberId: 20, bruto: 300_000 }],
  },
  { reason: 'a repeat order pays RO, not SPONSOR', events: [event({ jenis_order: 'ro', total_bv: 5 })], expected: [] },
  {
    reason: 'the top of the network has no sponsor: nobody earns',
    events: [event({ subject: { sponsor_id: null, grand_sponsor_id: null } })],
    expected: [],
  },
  {
    reason: 'two recruits of one sponsor on a day: one row, both orders in its detail',
    events: [event({ no_order: 'A' }), event({ no_order: 'B', total_bv: 2, subject: { id: 11 } })],
    expected: [{ memberId: 20, bruto: 300_000, details: 2 }],
  },
  {
    reason: 'different sponsors earn separate rows',
    events: [event(), event({ subject: { id: 11, sponsor_id: 21 } })],
    expected: [
      { memberId: 20, bruto: 100_000 },
      { memberId: 21, bruto: 100_000 },
    ],
  },
])('$reason', ({ events, expected }) => {
  it('earns exactly these SPONSOR rows', () => {
    const rows = collectEarnings(sponsorBonuses(events, plan));
    expect(
      rows.map((r) => ({
        memberId: r.memberId,
        bruto: r.bruto,
        ...('details' in (expected[0] ?? {}) ? { details: r.detail.length } : {}),
      })),
    ).toEqual(expected);
    expect(rows.every((r) => r.type === 'SPONSOR')).toBe(true);
  });
});

describe('SPONSOR detail', () => {
  it.each([
    [event({ posisi_order: 'PLATINUM' }), 'PLATINUM', 'the rank the order gives'],
    [event({ posisi_order: null }), 'SILVER', "no target rank on the order: the member's own rank"],
  ])('%#: recruit shown as %s (%s)', (e, posisi) => {
    const [earning] = sponsorBonuses([e], plan);
    expect(earning!.detail).toEqual({
      sponsor_detail_rekrutan: { member: { id_member: 'M0010', nama: 'Ani', posisi } },
      bv: 1,
      jenis_order: 'reg',
      no_order: 'ORD-1',
    });
  });

  it('follows the plan in force (an operator changed the rate)', () => {
    expect(sponsorBonuses([event({ total_bv: 2 })], { ...plan, sponsorPerBv: 80_000 })[0]!.amount).toBe(160_000);
  });
});
