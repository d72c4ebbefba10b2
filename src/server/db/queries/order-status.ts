import { inArray, notInArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import { INVOICED_STATUSES } from '../../../lib/order-status';

/**
 * The one SQL home of "the order is paid" (ADR 0012): the statuses after a settled payment,
 * taken from INVOICED_STATUSES (src/lib/order-status.ts), never written out again in a query.
 *
 * Pass the status column: `invoiced(orders.statusOrder)` with the builder, or the aliased column
 * of a raw query, `invoiced(sql`o.status_order`)` (a Drizzle column inside `sql` renders with its
 * table name, which an aliased FROM does not know).
 */
export function invoiced(status: SQLWrapper): SQL {
  return inArray(status, [...INVOICED_STATUSES]);
}

/** The opposite of `invoiced`: PENDING, CANCEL, EXPIRED (nothing settled, or nothing any more). */
export function notInvoiced(status: SQLWrapper): SQL {
  return notInArray(status, [...INVOICED_STATUSES]);
}
