import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVOICED_STATUSES } from '../../src/lib/order-status';
import { ORDER_STATUSES } from '../../src/server/db/schema/orders';
import { PAID_STATUSES } from '../../src/server/domain/order-status';

/**
 * Issue #22: "the order is paid" has one home, INVOICED_STATUSES (src/lib/order-status.ts), and
 * one SQL home, invoiced()/notInvoiced() (src/server/db/queries/order-status.ts). The closing, the
 * reconciliation and the promo omsets had written the unpaid statuses out again as SQL text, and
 * the dashboard and the network report had each built their own list.
 */
const root = path.resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.(ts|tsx|astro)$/.test(e.name) ? [path.join(dir, e.name)] : []));

describe('the paid statuses have one home', () => {
  it('the domain list is the invoiced list, and with the unpaid statuses it covers every status once', () => {
    expect(PAID_STATUSES).toBe(INVOICED_STATUSES);
    const unpaid = ORDER_STATUSES.filter((s) => !INVOICED_STATUSES.includes(s));
    expect([...unpaid].sort()).toEqual(['CANCEL', 'EXPIRED', 'PENDING']);
    expect(new Set(INVOICED_STATUSES).size).toBe(INVOICED_STATUSES.length);
  });

  it('no other source file writes either list out or builds its own SQL of it', () => {
    // The schema lists every status (the column's enum); the two homes list the paid ones.
    const homes = ['src/server/db/schema/orders.ts', 'src/lib/order-status.ts', 'src/server/db/queries/order-status.ts'];
    const written = /'PENDING',\s*'CANCEL',\s*'EXPIRED'|'PAID',\s*'PICKUPABLE',\s*'DELIVERY',\s*'WAREHOUSE'|INVOICED_STATUSES\.map\(/;
    const offenders = sources('src').filter(
      (file) => !homes.includes(file) && written.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
