import { describe, expect, it } from 'vitest';
import { collectEarnings } from '../../src/server/domain/bonus/earnings';
import { defaultPlan as plan } from '../../src/server/domain/bonus/plan';
import { repeatOrderActivity, repeatOrderBonuses, repeatOrderSponsorBonuses } from '../../src/server/domain/bonus/repeat-order';
import { event } from './closing-fixtures';

const ro = (over: Parameters<typeof event>[0] = {}) => event({ jenis_order: 'ro', posisi_order: null, ...over });

// RO (COMP_PLAN.md): the sponsor earns per RO BV by the buyer's rank at payment: BRONZE 10.000, SILVER 15.000, PLATINUM 20.000.
describe.each([
  {
    reason: 'a BRONZE buyer: Rp 10.000 per BV',
    events: [ro({ total_bv: 2, posisi_pembeli: 'BRONZE' })],
    expected: [{ memberId: 20, bruto: 20_000 }],
  },
  {
    reason: 'a SILVER buyer: Rp 15.000 per BV',
    events: [ro({ total_bv: 2, posisi_pembeli: 'SILVER' })],
    expected: [{ memberId: 20, bruto: 30_000 }],
  },
  {
    reason: 'a PLATINUM buyer: Rp 20.000 per BV',
    events: [ro({ total_bv: 2, posisi_pembeli: 'PLATINUM' })],
    expected: [{ memberId: 20, bruto: 40_000 }],
  },
  {
    reason: 'rank at the event: paid as BRONZE, upgraded to SILVER before the day closed, still the BRONZE rate',
    events: [ro({ total_bv: 1, posisi_pembeli: 'BRONZE', subject: { posisi: 'SILVER' } })],
    expected: [{ memberId: 20, bruto: 10_000 }],
  },
  {
    reason: "an order without a recorded buyer's rank uses the member's rank",
    events: [ro({ total_bv: 1, posisi_pembeli: null, subject: { posisi: 'PLATINUM' } })],
    expected: [{ memberId: 20, bruto: 20_000 }],
  },
  {
    reason: 'registrations and upgrades pay SPONSOR, not RO',
    events: [event({ total_bv: 1 }), event({ jenis_order: 'upg', total_bv: 3 })],
    expected: [],
  },
  {
    reason: 'a buyer at the top has no sponsor: nobody earns',
    events: [ro({ subject: { sponsor_id: null, grand_sponsor_id: null } })],
    expected: [],
  },
])('RO: $reason', ({ events, expected }) => {
  it('earns exactly these RO rows', () => {
    const rows = collectEarnings(repeatOrderBonuses(events, plan));
    expect(rows.map((r) => ({ memberId: r.memberId, bruto: r.bruto }))).toEqual(expected);
  });
});

// RO-SPONSOR (COMP_PLAN.md): the sponsor's sponsor, Rp 5.000 per RO BV whatever the rank.
describe.each([
  {
    reason: '3 BV from a PLATINUM buyer: Rp 15.000',
    events: [ro({ total_bv: 3, posisi_pembeli: 'PLATINUM' })],
    expected: [{ memberId: 30, bruto: 15_000 }],
  },
  {
    reason: 'two repeat orders of the day add up in one row',
    events: [ro({ total_bv: 1, no_order: 'A' }), ro({ total_bv: 2, no_order: 'B' })],
    expected: [{ memberId: 30, bruto: 15_000 }],
  },
  { reason: 'no second generation: nobody earns', events: [ro({ subject: { grand_sponsor_id: null } })], expected: [] },
])('RO-SPONSOR: $reason', ({ events, expected }) => {
  it('earns exactly these RO-SPONSOR rows', () => {
    const rows = collectEarnings(repeatOrderSponsorBonuses(events, plan));
    expect(rows.map((r) => ({ memberId: r.memberId, bruto: r.bruto }))).toEqual(expected);
  });
});

describe('repeat-order details', () => {
  it('RO shows the buyer with the rank that set the rate and the nominal', () => {
    const [earning] = repeatOrderBonuses([ro({ total_bv: 2, posisi_pembeli: 'SILVER', no_order: 'R-1' })], plan);
    expect(earning!.detail).toEqual({
      sponsored_member: { posisi: 'SILVER', id_member: 'M0010', nama: 'Ani' },
      nominal_ro: 30_000,
      bv: 2,
      no_order: 'R-1',
    });
  });
  it('RO-SPONSOR shows the buyer without a rank', () => {
    const [earning] = repeatOrderSponsorBonuses([ro({ total_bv: 2, no_order: 'R-1' })], plan);
    expect(earning!.detail).toEqual({ sponsored_member: { id_member: 'M0010', nama: 'Ani' }, bv: 2, no_order: 'R-1' });
  });
});

// Volume (COMP_PLAN.md): a repeat order of at least ro_active_min_bv keeps the buyer's pairing active.
describe.each([
  {
    reason: 'one 1-BV repeat order moves the clock once',
    events: [ro({ total_bv: 1 })],
    minBv: 1,
    expected: [[10, { hari: '2026-01-05', orders: 1 }]],
  },
  { reason: 'a 0-BV purchase (soap) never keeps a member active', events: [ro({ total_bv: 0 })], minBv: 1, expected: [] },
  { reason: 'below a raised minimum: no move', events: [ro({ total_bv: 1 })], minBv: 2, expected: [] },
  {
    reason: 'two orders, one paid late on an earlier day: counted twice, from the latest day',
    events: [ro({ hari_bayar: '2026-01-05' }), ro({ hari_bayar: '2026-01-03' })],
    minBv: 1,
    expected: [[10, { hari: '2026-01-05', orders: 2 }]],
  },
  { reason: 'registrations do not move the repeat-order clock', events: [event()], minBv: 1, expected: [] },
])('pairing clock: $reason', ({ events, minBv, expected }) => {
  it('moves exactly these buyers', () => {
    expect([...repeatOrderActivity(events, { ...plan, roActiveMinBv: minBv })]).toEqual(expected);
  });
});
