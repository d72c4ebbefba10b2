import { describe, expect, it } from 'vitest';
import type { EarnedRow } from '../../src/server/domain/bonus/earnings';
import { defaultPlan as plan } from '../../src/server/domain/bonus/plan';
import { type OpenRefund, refundTakeBack, reversalRows } from '../../src/server/domain/bonus/refund-reversal';
import { withholdRows } from '../../src/server/domain/bonus/withholding';

const refund = (over: Partial<OpenRefund> = {}): OpenRefund => ({
  id: 1,
  jenis: 'REFUND',
  bv: 1,
  no_order: 'ORD-1',
  jenis_order: 'reg',
  posisi_pembeli: null,
  counted: '2026-01-05',
  path: '01',
  sponsor_id: 20,
  grand_id: 30,
  ...over,
});

// Refunds (COMP_PLAN.md): a refund takes back what the order caused, from the rows of the day that counted it.
describe.each([
  {
    reason: 'a 1-BV registration refunded whole takes back Rp 125.000 (SPONSOR 100.000 + PASSUP 25.000) and its BV leaves the volume',
    refunds: [refund()],
    taken: [
      ['SPONSOR', 20, 100_000],
      ['PASSUP', 30, 25_000],
    ],
    volumeOut: 1,
  },
  {
    reason: 'a repeat-order line of 2 BV bought as SILVER takes back RO 30.000 and RO-SPONSOR 10.000; no volume moves',
    refunds: [refund({ jenis_order: 'ro', bv: 2, posisi_pembeli: 'SILVER' })],
    taken: [
      ['RO', 20, 30_000],
      ['RO-SPONSOR', 30, 10_000],
    ],
    volumeOut: 0,
  },
  {
    reason: 'a provider partial refund still waiting for KEUANGAN (0 BV) takes nothing',
    refunds: [refund({ bv: 0 })],
    taken: [],
    volumeOut: 0,
  },
  {
    reason: 'two refunds of one sponsor and day add up into one take-back',
    refunds: [refund(), refund({ id: 2, no_order: 'ORD-2', bv: 3 })],
    taken: [
      ['SPONSOR', 20, 400_000],
      ['PASSUP', 30, 100_000],
    ],
    volumeOut: 2,
  },
])('$reason', ({ refunds, taken, volumeOut }) => {
  it('takes back exactly this', () => {
    const result = refundTakeBack(refunds, plan);
    expect(result.takeBack.map((t) => [t.type, t.memberId, t.amount])).toEqual(taken);
    expect(result.volumeOut).toHaveLength(volumeOut);
  });
});

describe('reversal rows', () => {
  const original = {
    id: 7,
    member_id: 20,
    tanggal: '2026-01-05',
    jenis_bonus: 'SPONSOR',
    bruto: 100_000,
    pph: 2_500,
    reversed_bruto: 0,
    reversed_pph: 0,
    has_npwp: true,
  };
  it.each([
    [{}, 100_000, { bruto: -100_000, pph: -2_500, net: -97_500 }, 'the whole row back, its withholding with it'],
    [
      { reversed_bruto: -60_000, reversed_pph: -1_500 },
      100_000,
      { bruto: -40_000, pph: -1_000, net: -39_000 },
      'never more than what is left of the row',
    ],
  ])('%# (%s)', (over, amount, expected, _reason) => {
    const takeBack = [{ memberId: 20, day: '2026-01-05', type: 'SPONSOR', amount, detail: [] }];
    expect(reversalRows([{ ...original, ...over }], takeBack, plan)).toEqual([expect.objectContaining({ ...expected, reversesId: 7 })]);
  });
});

// Withholding examples (COMP_PLAN.md): Rp 100.000.000 then Rp 40.000.000 in one month.
describe.each([
  { reason: 'per payment: each row on its own gross', basis: 'payment' as const, expected: [2_500_000, 1_000_000] },
  {
    reason: 'per month: the second row takes the month tax so far minus what was withheld',
    basis: 'month' as const,
    expected: [2_500_000, 2_000_000],
  },
])('$reason', ({ basis, expected }) => {
  it('withholds exactly this', () => {
    const first: EarnedRow[] = [{ memberId: 1, type: 'SPONSOR', bruto: 100_000_000, detail: [] }];
    const second: EarnedRow[] = [{ memberId: 1, type: 'SPONSOR', bruto: 40_000_000, detail: [] }];
    const npwp = new Map([[1, true]]);
    const [a] = withholdRows(first, { ...plan, pphBasis: basis }, npwp, new Map());
    const [b] = withholdRows(second, { ...plan, pphBasis: basis }, npwp, new Map([[1, basis === 'payment' ? 0 : 100_000_000]]));
    expect([a!.pph, b!.pph]).toEqual(expected);
  });
});

it('25.000.000 gross without NPWP withholds 750.000 (20% higher than 625.000)', () => {
  const [row] = withholdRows([{ memberId: 1, type: 'PAIR', bruto: 25_000_000, detail: [] }], plan, new Map(), new Map());
  expect(row).toMatchObject({ pph: 750_000, net: 24_250_000 });
});
