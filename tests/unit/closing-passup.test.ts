import { describe, expect, it } from 'vitest';
import { collectEarnings } from '../../src/server/domain/bonus/earnings';
import { passupBonuses } from '../../src/server/domain/bonus/passup';
import { defaultPlan as plan } from '../../src/server/domain/bonus/plan';
import { event } from './closing-fixtures';

// PASSUP (COMP_PLAN.md): the sponsor's sponsor on the same registration or upgrade, Rp 25.000 per BV.
describe.each([
  { reason: 'a BRONZE registration pays the second generation Rp 25.000', events: [event()], expected: [{ memberId: 30, bruto: 25_000 }] },
  {
    reason: 'a SILVER → PLATINUM upgrade (+2 BV) pays Rp 50.000',
    events: [event({ jenis_order: 'upg', total_bv: 2, posisi_order: 'PLATINUM' })],
    expected: [{ memberId: 30, bruto: 50_000 }],
  },
  { reason: 'a repeat order pays RO-SPONSOR, not PASSUP', events: [event({ jenis_order: 'ro', total_bv: 3 })], expected: [] },
  {
    reason: 'a sponsor at the top has no sponsor: no PASSUP (SPONSOR still paid elsewhere)',
    events: [event({ subject: { grand_sponsor_id: null } })],
    expected: [],
  },
  {
    reason: 'two recruits under one grand-sponsor add up in one row',
    events: [event({ total_bv: 4 }), event({ subject: { id: 12, sponsor_id: 22 } })],
    expected: [{ memberId: 30, bruto: 125_000 }],
  },
])('$reason', ({ events, expected }) => {
  it('earns exactly these PASSUP rows', () => {
    const rows = collectEarnings(passupBonuses(events, plan));
    expect(rows.map((r) => ({ memberId: r.memberId, bruto: r.bruto }))).toEqual(expected);
    expect(rows.every((r) => r.type === 'PASSUP')).toBe(true);
  });
});

describe('PASSUP detail', () => {
  it('names the recruit like SPONSOR, under passup_detail_rekrutan', () => {
    const [earning] = passupBonuses([event({ jenis_order: 'upg', total_bv: 1, posisi_order: 'SILVER', no_order: 'U-9' })], plan);
    expect(earning!.detail).toEqual({
      passup_detail_rekrutan: { member: { id_member: 'M0010', nama: 'Ani', posisi: 'SILVER' } },
      bv: 1,
      jenis_order: 'upg',
      no_order: 'U-9',
    });
  });
});
