import { describe, expect, it } from 'vitest';
import { inNetwork, mayReadMetrics } from '../../src/server/domain/metrics-access';

describe('who may read /metrics', () => {
  it.each([
    // address, forwarded, bearer, token, networks, allowed
    ['127.0.0.1', false, undefined, undefined, undefined, true],
    ['::1', false, undefined, undefined, undefined, true],
    ['::ffff:127.0.0.1', false, undefined, undefined, undefined, true],
    ['127.0.0.1', true, undefined, undefined, undefined, false],
    ['192.0.2.10', false, undefined, undefined, undefined, false],
    ['10.1.2.3', false, undefined, undefined, '10.0.0.0/8', true],
    ['10.1.2.3', false, undefined, undefined, '192.168.0.0/16, 10.1.2.0/24', true],
    ['10.1.3.3', false, undefined, undefined, '10.1.2.0/24', false],
    ['10.1.2.3', true, undefined, undefined, '10.0.0.0/8', false],
    ['192.0.2.10', true, 'rahasia-metrik', 'rahasia-metrik', undefined, true],
    ['192.0.2.10', false, 'salah', 'rahasia-metrik', undefined, false],
    ['192.0.2.10', false, 'rahasia-metri', 'rahasia-metrik', undefined, false],
    ['127.0.0.1', false, undefined, 'rahasia-metrik', undefined, true],
  ] as const)('%s forwarded=%s bearer=%s token=%s networks=%s → %s', (address, forwarded, bearer, token, networks, allowed) => {
    expect(mayReadMetrics({ address, forwarded, bearer }, { token, networks })).toBe(allowed);
  });

  it.each([
    ['10.0.0.1', '10.0.0.0/31', true],
    ['10.0.0.2', '10.0.0.0/31', false],
    ['1.2.3.4', '0.0.0.0/0', true],
    ['1.2.3.4', '1.2.3.4', true],
    ['1.2.3.4', '1.2.3.4/33', false],
    ['1.2.3.400', '1.2.3.0/24', false],
    ['fe80::1', '0.0.0.0/0', false],
  ] as const)('%s in %s: %s', (address, cidr, inside) => {
    expect(inNetwork(address, cidr)).toBe(inside);
  });
});
