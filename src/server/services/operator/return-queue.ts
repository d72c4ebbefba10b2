import { getDb } from '../../db/client';
import { returnsOfStatus } from '../../db/queries/returns';
import { RETUR_STATUSES, type ReturStatus } from '../../db/schema';

export const RETURN_QUEUE_STATUSES: readonly ReturStatus[] = RETUR_STATUSES;

/** The console's returns of one status, newest first, searchable by return/order number or member. */
export async function returnQueue(status: ReturStatus, search?: string, limit = 100) {
  const term = search?.trim()
    ? `%${search
        .trim()
        .slice(0, 100)
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : undefined;
  return returnsOfStatus(await getDb(), status, term, limit);
}
