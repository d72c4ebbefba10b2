import { describe, expect, it } from 'vitest';
import {
  firstBatchStatus,
  PAYOUT_BATCH_STATUSES,
  type PayoutBatchOrigin,
  payoutBatchMoveRefusal,
} from '../../src/server/domain/payout-batch-status';

/**
 * A payout batch's moves, written out as data here and checked against the one table every caller
 * goes through (services/bonus/move-payout-batch.ts): each pair not listed is refused, in Indonesian.
 */
const ALLOWED: [PayoutBatchOrigin, string][] = [
  ['new', 'exported'],
  ['new', 'sending'],
  ['exported', 'completed'],
  ['sending', 'sent'],
  ['sending', 'completed'],
  ['sent', 'approved'],
  ['sent', 'completed'],
  ['approved', 'sent'],
  ['approved', 'completed'],
];
const allowed = new Set(ALLOWED.map(([from, to]) => `${from}→${to}`));
const pairs = (['new', ...PAYOUT_BATCH_STATUSES] as PayoutBatchOrigin[]).flatMap((from) =>
  PAYOUT_BATCH_STATUSES.map((to) => [from, to] as const),
);

describe('payout batch transitions', () => {
  it.each(ALLOWED)('%s → %s is allowed', (from, to) => {
    expect(payoutBatchMoveRefusal('BTR-1', from, to as (typeof PAYOUT_BATCH_STATUSES)[number])).toBeUndefined();
  });

  it.each(pairs.filter(([from, to]) => !allowed.has(`${from}→${to}`)))('%s → %s is refused, in Indonesian', (from, to) => {
    expect(payoutBatchMoveRefusal('BTR-1', from, to)).toMatch(/^Batch BTR-1 (berstatus|belum ada).*tidak dapat menjadi/);
  });

  it('a bank file starts exported; a provider’s batch starts being sent', () => {
    expect(firstBatchStatus('manual')).toBe('exported');
    expect(firstBatchStatus('simulator')).toBe('sending');
    expect(firstBatchStatus('iris')).toBe('sending');
  });
});
