import { getDb } from '../../db/client';
import { searchAudit } from '../../db/queries/audit';
import { parseDate } from '../../../lib/calendar-params';

export interface AuditFilter { operator?: string; action?: string; object?: string; from?: string; to?: string }

/** The newest audit rows matching the console's filter (operator name, action, object, day range). */
export async function listAudit(filter: AuditFilter, limit = 100) {
  // Days through the one parser (src/lib/calendar-params.ts): an impossible day (2026-13-01) is no filter.
  const from = parseDate(filter.from);
  const to = parseDate(filter.to);
  return searchAudit(await getDb(), {
    operatorLike: filter.operator ? `%${escapeLike(filter.operator)}%` : undefined,
    action: filter.action || undefined,
    objectLike: filter.object ? `%${escapeLike(filter.object)}%` : undefined,
    from: from ? new Date(`${from}T00:00:00+07:00`) : undefined,
    before: to ? new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000) : undefined,
  }, limit);
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
