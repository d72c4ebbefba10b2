import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../src/server/db/schema/orders';
import { RETUR_STATUSES } from '../../src/server/db/schema/retur';
import { decideOrder, ORDER_EVENTS, ORDER_NEXT, type OrderEvent, paidTimeOf } from '../../src/server/domain/order-status';
import { decideReturn, RETURN_EVENTS, type ReturnEvent } from '../../src/server/domain/return-status';

/**
 * Issue #21: the transitions of orders and returns, written out as data. Every (status, action)
 * pair that is not a row here is refused with an Indonesian message, by the one rule every caller
 * goes through (src/server/domain/order-status.ts, return-status.ts).
 */

// [from, action, to] — a courier order (pickup false); pickup-only actions are listed apart.
const ORDER_ALLOWED: [string, OrderEvent, string][] = [
  ['PENDING', 'pay', 'PAID'],
  ['PENDING', 'expire', 'EXPIRED'],
  ['PENDING', 'cancel', 'CANCEL'],
  ['PAID', 'pack', 'WAREHOUSE'],
  ['PAID', 'ship', 'DELIVERY'],
  ['WAREHOUSE', 'ship', 'DELIVERY'],
  ['DELIVERY', 'track', 'DELIVERY'],
  ['DELIVERY', 'receive', 'RECEIVED'],
  ['RECEIVED', 'done', 'DONE'],
  // receive does not look at the delivery type: a courier order is never PICKUPABLE anyway.
  ['PICKUPABLE', 'receive', 'RECEIVED'],
  ...(['PAID', 'PICKUPABLE', 'DELIVERY', 'WAREHOUSE', 'RECEIVED', 'RETUR', 'DONE'] as const).map((s): [string, OrderEvent, string] => [
    s,
    'refund',
    s,
  ]),
];
const PICKUP_ALLOWED: [string, OrderEvent, string][] = [
  ['PENDING', 'pay', 'PAID'],
  ['PENDING', 'expire', 'EXPIRED'],
  ['PENDING', 'cancel', 'CANCEL'],
  ['PAID', 'pack', 'WAREHOUSE'],
  ['PAID', 'pickupable', 'PICKUPABLE'],
  ['WAREHOUSE', 'pickupable', 'PICKUPABLE'],
  ['PICKUPABLE', 'receive', 'RECEIVED'],
  ['DELIVERY', 'receive', 'RECEIVED'],
  ['RECEIVED', 'done', 'DONE'],
  ...(['PAID', 'PICKUPABLE', 'DELIVERY', 'WAREHOUSE', 'RECEIVED', 'RETUR', 'DONE'] as const).map((s): [string, OrderEvent, string] => [
    s,
    'refund',
    s,
  ]),
];
const INDONESIAN = /(hanya|tidak|sudah|setelah|bukan)/;

const pairs = <S extends string, E extends string>(statuses: readonly S[], events: readonly E[]) =>
  statuses.flatMap((s) => events.map((e) => [s, e] as const));

describe.each([
  ['courier order', false, ORDER_ALLOWED],
  ['pickup order', true, PICKUP_ALLOWED],
])('order transitions, %s', (_name, pickup, allowed) => {
  const refused = pairs(ORDER_STATUSES, ORDER_EVENTS).filter(([s, e]) => !allowed.some(([f, a]) => f === s && a === e));

  it.each(allowed)('%s --%s--> %s', (from, event, to) => {
    expect(decideOrder('ORD-1', { status: from, refunded: false, pickup }, event)).toMatchObject({ ok: true, to });
  });

  it.each(refused)('%s --%s--> refused', (from, event) => {
    const decision = decideOrder('ORD-1', { status: from, refunded: false, pickup }, event);
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.message).toMatch(INDONESIAN);
  });

  it.each(pairs(ORDER_STATUSES, ORDER_EVENTS))('a fully refunded %s order refuses %s', (from, event) => {
    expect(decideOrder('ORD-1', { status: from, refunded: true, pickup }, event)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Order ORD-1 sudah dikembalikan dananya \(refund\); ".+" tidak dapat dilakukan$/),
    });
  });
});

describe('order transitions read the other way', () => {
  it('lists, per from-status, the statuses it may move to', () => {
    expect(ORDER_NEXT).toEqual({
      PENDING: ['PAID', 'EXPIRED', 'CANCEL'],
      PAID: ['WAREHOUSE', 'PICKUPABLE', 'DELIVERY', 'PAID'],
      WAREHOUSE: ['PICKUPABLE', 'DELIVERY', 'WAREHOUSE'],
      PICKUPABLE: ['RECEIVED', 'PICKUPABLE'],
      DELIVERY: ['DELIVERY', 'RECEIVED'],
      RECEIVED: ['DONE', 'RECEIVED'],
      DONE: ['DONE'],
      RETUR: ['RETUR'],
      CANCEL: [],
      EXPIRED: [],
    });
  });

  it('a member finishing an order not yet received gets the message of spec/001', () => {
    expect(decideOrder('ORD-1', { status: 'DELIVERY', refunded: false, pickup: false }, 'done')).toEqual({
      ok: false,
      message: 'Order hanya dapat diselesaikan setelah paket diterima (status RECEIVED)',
    });
  });
});

const RETURN_ALLOWED: [string, ReturnEvent, string][] = [
  ['PENDING', 'approve', 'APPROVED'],
  ['PENDING', 'reject', 'REJECTED'],
  ['APPROVED', 'reject', 'REJECTED'],
  ['APPROVED', 'ship', 'DELIVERY'],
  ['DELIVERY', 'receive', 'RECEIVED'],
  ['DELIVERY', 'reject', 'REJECTED'],
  ['RECEIVED', 'finish', 'DONE'],
  ['RECEIVED', 'reject', 'REJECTED'],
];

describe('return transitions', () => {
  const refused = pairs(RETUR_STATUSES, RETURN_EVENTS).filter(([s, e]) => !RETURN_ALLOWED.some(([f, a]) => f === s && a === e));

  it.each(RETURN_ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(decideReturn('RTR-1', from, event)).toEqual({ ok: true, to });
  });

  it.each(refused)('%s --%s--> refused', (from, event) => {
    const decision = decideReturn('RTR-1', from, event);
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.message).toMatch(INDONESIAN);
  });

  it('the member’s waybill before approval keeps the message it had', () => {
    expect(decideReturn('RTR-1', 'PENDING', 'ship')).toEqual({
      ok: false,
      message: 'Nomor resi hanya dapat diisi untuk retur yang sudah disetujui',
    });
  });
});

describe('paid time of a settled payment', () => {
  const created = new Date('2026-11-20T03:00:00Z');
  const now = new Date('2026-11-22T03:00:00Z');
  it.each([
    ['a time between creation and now is kept', Date.parse('2026-11-21T00:00:00Z'), '2026-11-21T00:00:00.000Z'],
    ['a time before the order existed becomes its creation time', Date.parse('2020-01-01T00:00:00Z'), '2026-11-20T03:00:00.000Z'],
    ['a time in the future becomes now', Date.parse('2030-01-01T00:00:00Z'), '2026-11-22T03:00:00.000Z'],
    ['no readable time is now', Number.NaN, '2026-11-22T03:00:00.000Z'],
  ])('%s', (_reason, reported, expected) => {
    expect(paidTimeOf(reported, created, now).toISOString()).toBe(expected);
  });
});
